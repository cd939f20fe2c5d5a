import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`incidents\` ADD \`reminder_sent_at\` text;`)
  await db.run(sql`ALTER TABLE \`maintenances\` ADD \`remind_before\` text DEFAULT 'default';`)
  await db.run(sql`ALTER TABLE \`maintenances\` ADD \`reminded_for\` text;`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`maintenance_reminder\` text DEFAULT '1h';`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`incident_reminder_hours\` numeric DEFAULT 4;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`incidents\` DROP COLUMN \`reminder_sent_at\`;`)
  await db.run(sql`ALTER TABLE \`maintenances\` DROP COLUMN \`remind_before\`;`)
  await db.run(sql`ALTER TABLE \`maintenances\` DROP COLUMN \`reminded_for\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`maintenance_reminder\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`incident_reminder_hours\`;`)
}
