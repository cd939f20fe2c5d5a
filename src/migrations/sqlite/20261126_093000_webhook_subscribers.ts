import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`subscribers\` ADD \`url\` text;`)
  await db.run(sql`ALTER TABLE \`subscribers\` ADD \`contact_email\` text;`)
  await db.run(sql`ALTER TABLE \`subscribers\` ADD \`signing_secret\` text;`)
  await db.run(sql`ALTER TABLE \`subscribers\` ADD \`failing_since\` text;`)
  await db.run(sql`ALTER TABLE \`subscribers\` ADD \`quarantined_at\` text;`)
  await db.run(sql`CREATE UNIQUE INDEX \`subscribers_url_idx\` ON \`subscribers\` (\`url\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_quarantined_at_idx\` ON \`subscribers\` (\`quarantined_at\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`subscribers_url_idx\`;`)
  await db.run(sql`DROP INDEX \`subscribers_quarantined_at_idx\`;`)
  await db.run(sql`ALTER TABLE \`subscribers\` DROP COLUMN \`url\`;`)
  await db.run(sql`ALTER TABLE \`subscribers\` DROP COLUMN \`contact_email\`;`)
  await db.run(sql`ALTER TABLE \`subscribers\` DROP COLUMN \`signing_secret\`;`)
  await db.run(sql`ALTER TABLE \`subscribers\` DROP COLUMN \`failing_since\`;`)
  await db.run(sql`ALTER TABLE \`subscribers\` DROP COLUMN \`quarantined_at\`;`)
}
