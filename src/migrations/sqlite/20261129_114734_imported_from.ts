import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`service_groups\` ADD \`imported_from\` text;`)
  await db.run(sql`CREATE INDEX \`service_groups_imported_from_idx\` ON \`service_groups\` (\`imported_from\`);`)
  await db.run(sql`ALTER TABLE \`services\` ADD \`imported_from\` text;`)
  await db.run(sql`CREATE INDEX \`services_imported_from_idx\` ON \`services\` (\`imported_from\`);`)
  await db.run(sql`ALTER TABLE \`incidents\` ADD \`imported_from\` text;`)
  await db.run(sql`CREATE INDEX \`incidents_imported_from_idx\` ON \`incidents\` (\`imported_from\`);`)
  await db.run(sql`ALTER TABLE \`maintenances\` ADD \`imported_from\` text;`)
  await db.run(sql`CREATE INDEX \`maintenances_imported_from_idx\` ON \`maintenances\` (\`imported_from\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`service_groups_imported_from_idx\`;`)
  await db.run(sql`ALTER TABLE \`service_groups\` DROP COLUMN \`imported_from\`;`)
  await db.run(sql`DROP INDEX \`services_imported_from_idx\`;`)
  await db.run(sql`ALTER TABLE \`services\` DROP COLUMN \`imported_from\`;`)
  await db.run(sql`DROP INDEX \`incidents_imported_from_idx\`;`)
  await db.run(sql`ALTER TABLE \`incidents\` DROP COLUMN \`imported_from\`;`)
  await db.run(sql`DROP INDEX \`maintenances_imported_from_idx\`;`)
  await db.run(sql`ALTER TABLE \`maintenances\` DROP COLUMN \`imported_from\`;`)
}
