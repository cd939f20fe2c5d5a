import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`incidents\` ADD \`publish_error\` text;`)
  await db.run(sql`ALTER TABLE \`maintenances\` ADD \`publish_error\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`incidents\` DROP COLUMN \`publish_error\`;`)
  await db.run(sql`ALTER TABLE \`maintenances\` DROP COLUMN \`publish_error\`;`)
}
