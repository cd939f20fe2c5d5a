import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`pages\` ADD \`language\` text DEFAULT 'en';`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`language\` text DEFAULT 'en';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`language\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`language\`;`)
}
