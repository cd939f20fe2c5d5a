import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`settings\` ADD \`default_update_messages_investigating\` text DEFAULT 'We are investigating this issue and will post an update as soon as we know more.';`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`default_update_messages_identified\` text DEFAULT 'The issue has been identified and a fix is being implemented.';`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`default_update_messages_monitoring\` text DEFAULT 'A fix has been implemented and we are monitoring the results.';`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`default_update_messages_resolved\` text DEFAULT 'This incident has been resolved.';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`default_update_messages_investigating\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`default_update_messages_identified\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`default_update_messages_monitoring\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`default_update_messages_resolved\`;`)
}
