import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`pages\` ADD \`uptime_display_days\` text DEFAULT '90';`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`uptime_display_min_incident_minutes\` numeric DEFAULT 0;`)
  // ON DELETE written by hand: Payload's SQLite generator leaves it out of an added column (its snapshot has it);
  // tests/api/foreign-keys.test.ts holds it to PostgreSQL's.
  await db.run(sql`ALTER TABLE \`pages_rels\` ADD \`service_groups_id\` integer REFERENCES service_groups(id) ON DELETE cascade;`)
  await db.run(sql`CREATE INDEX \`pages_rels_service_groups_id_idx\` ON \`pages_rels\` (\`service_groups_id\`);`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`uptime_display_days\` text DEFAULT '90';`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`uptime_display_min_incident_minutes\` numeric DEFAULT 0;`)
  // ON DELETE written by hand: Payload's SQLite generator leaves it out of an added column (its snapshot has it);
  // tests/api/foreign-keys.test.ts holds it to PostgreSQL's.
  await db.run(sql`ALTER TABLE \`settings_rels\` ADD \`service_groups_id\` integer REFERENCES service_groups(id) ON DELETE cascade;`)
  await db.run(sql`CREATE INDEX \`settings_rels_service_groups_id_idx\` ON \`settings_rels\` (\`service_groups_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_pages_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`services_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`services_id\`) REFERENCES \`services\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_pages_rels\`("id", "order", "parent_id", "path", "services_id") SELECT "id", "order", "parent_id", "path", "services_id" FROM \`pages_rels\`;`)
  await db.run(sql`DROP TABLE \`pages_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_pages_rels\` RENAME TO \`pages_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`pages_rels_order_idx\` ON \`pages_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`pages_rels_parent_idx\` ON \`pages_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`pages_rels_path_idx\` ON \`pages_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`pages_rels_services_id_idx\` ON \`pages_rels\` (\`services_id\`);`)
  await db.run(sql`CREATE TABLE \`__new_settings_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`services_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`settings\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`services_id\`) REFERENCES \`services\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_settings_rels\`("id", "order", "parent_id", "path", "services_id") SELECT "id", "order", "parent_id", "path", "services_id" FROM \`settings_rels\`;`)
  await db.run(sql`DROP TABLE \`settings_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_settings_rels\` RENAME TO \`settings_rels\`;`)
  await db.run(sql`CREATE INDEX \`settings_rels_order_idx\` ON \`settings_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`settings_rels_parent_idx\` ON \`settings_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`settings_rels_path_idx\` ON \`settings_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`settings_rels_services_id_idx\` ON \`settings_rels\` (\`services_id\`);`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`uptime_display_days\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`uptime_display_min_incident_minutes\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`uptime_display_days\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`uptime_display_min_incident_minutes\`;`)
}
