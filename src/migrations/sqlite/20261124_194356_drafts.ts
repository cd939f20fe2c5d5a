import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`incidents\` ADD \`draft\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`incidents\` ADD \`publish_at\` text;`)
  await db.run(sql`CREATE INDEX \`incidents_draft_idx\` ON \`incidents\` (\`draft\`);`)
  await db.run(sql`CREATE INDEX \`incidents_publish_at_idx\` ON \`incidents\` (\`publish_at\`);`)
  await db.run(sql`ALTER TABLE \`maintenances\` ADD \`draft\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`maintenances\` ADD \`publish_at\` text;`)
  await db.run(sql`CREATE INDEX \`maintenances_draft_idx\` ON \`maintenances\` (\`draft\`);`)
  await db.run(sql`CREATE INDEX \`maintenances_publish_at_idx\` ON \`maintenances\` (\`publish_at\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`incidents_draft_idx\`;`)
  await db.run(sql`DROP INDEX \`incidents_publish_at_idx\`;`)
  await db.run(sql`ALTER TABLE \`incidents\` DROP COLUMN \`draft\`;`)
  await db.run(sql`ALTER TABLE \`incidents\` DROP COLUMN \`publish_at\`;`)
  await db.run(sql`DROP INDEX \`maintenances_draft_idx\`;`)
  await db.run(sql`DROP INDEX \`maintenances_publish_at_idx\`;`)
  await db.run(sql`ALTER TABLE \`maintenances\` DROP COLUMN \`draft\`;`)
  await db.run(sql`ALTER TABLE \`maintenances\` DROP COLUMN \`publish_at\`;`)
}
