import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`integrations\` ADD \`opening_message\` text DEFAULT 'We are investigating elevated errors on {services}.';`)
  await db.run(sql`ALTER TABLE \`integrations\` ADD \`update_message\` text DEFAULT 'We are continuing to investigate elevated errors on {services}.';`)
  await db.run(sql`ALTER TABLE \`integrations\` ADD \`resolved_message\` text DEFAULT 'This incident has been resolved.';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`integrations\` DROP COLUMN \`opening_message\`;`)
  await db.run(sql`ALTER TABLE \`integrations\` DROP COLUMN \`update_message\`;`)
  await db.run(sql`ALTER TABLE \`integrations\` DROP COLUMN \`resolved_message\`;`)
}
