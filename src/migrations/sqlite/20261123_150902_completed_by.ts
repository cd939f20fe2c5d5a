import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`maintenances\` ADD \`completed_by\` text;`)
  // Who completed the maintenances completed so far: the clock stamped its completions with the scheduled end.
  await db.run(sql`UPDATE \`maintenances\` SET \`completed_by\` = CASE WHEN julianday(\`completed_at\`) = julianday(\`scheduled_end_at\`) THEN 'schedule' ELSE 'operator' END WHERE \`status\` = 'completed';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`maintenances\` DROP COLUMN \`completed_by\`;`)
}
