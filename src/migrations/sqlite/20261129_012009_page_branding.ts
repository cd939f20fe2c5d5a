import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`pages_footer_links\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`label\` text NOT NULL,
  	\`url\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`pages_footer_links_order_idx\` ON \`pages_footer_links\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`pages_footer_links_parent_id_idx\` ON \`pages_footer_links\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`settings_footer_links\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`label\` text NOT NULL,
  	\`url\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`settings_footer_links_order_idx\` ON \`settings_footer_links\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`settings_footer_links_parent_id_idx\` ON \`settings_footer_links\` (\`_parent_id\`);`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`accent_color\` text;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`banner_texts_operational\` text;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`banner_texts_maintenance\` text;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`banner_texts_degraded\` text;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`banner_texts_partial\` text;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`banner_texts_major\` text;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`date_format\` text;`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`accent_color\` text;`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`banner_texts_operational\` text;`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`banner_texts_maintenance\` text;`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`banner_texts_degraded\` text;`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`banner_texts_partial\` text;`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`banner_texts_major\` text;`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`date_format\` text DEFAULT 'day-month';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`pages_footer_links\`;`)
  await db.run(sql`DROP TABLE \`settings_footer_links\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`accent_color\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`banner_texts_operational\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`banner_texts_maintenance\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`banner_texts_degraded\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`banner_texts_partial\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`banner_texts_major\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`date_format\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`accent_color\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`banner_texts_operational\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`banner_texts_maintenance\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`banner_texts_degraded\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`banner_texts_partial\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`banner_texts_major\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`date_format\`;`)
}
