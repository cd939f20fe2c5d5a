import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`pages\` ADD \`noindex\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`noindex\` integer DEFAULT false;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`noindex\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`noindex\`;`)
}
