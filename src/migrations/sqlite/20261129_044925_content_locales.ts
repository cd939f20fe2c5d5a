import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`service_groups_locales\` (
  	\`name\` text NOT NULL,
  	\`description\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`service_groups\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`service_groups_locales_locale_parent_id_unique\` ON \`service_groups_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`services_locales\` (
  	\`name\` text NOT NULL,
  	\`description\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`services\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`services_locales_locale_parent_id_unique\` ON \`services_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`incidents_updates_locales\` (
  	\`message\` text NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`incidents_updates\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`incidents_updates_locales_locale_parent_id_unique\` ON \`incidents_updates_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`incidents_locales\` (
  	\`title\` text NOT NULL,
  	\`postmortem\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`incidents\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`incidents_locales_locale_parent_id_unique\` ON \`incidents_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`maintenances_updates_locales\` (
  	\`message\` text NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`maintenances_updates\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`maintenances_updates_locales_locale_parent_id_unique\` ON \`maintenances_updates_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`maintenances_locales\` (
  	\`title\` text NOT NULL,
  	\`description\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`maintenances\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`maintenances_locales_locale_parent_id_unique\` ON \`maintenances_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`incident_templates_locales\` (
  	\`title\` text NOT NULL,
  	\`message\` text NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`incident_templates\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`incident_templates_locales_locale_parent_id_unique\` ON \`incident_templates_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`maintenance_templates_locales\` (
  	\`title\` text NOT NULL,
  	\`description\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`maintenance_templates\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`maintenance_templates_locales_locale_parent_id_unique\` ON \`maintenance_templates_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`pages_locales\` (
  	\`banner_texts_operational\` text,
  	\`banner_texts_maintenance\` text,
  	\`banner_texts_degraded\` text,
  	\`banner_texts_partial\` text,
  	\`banner_texts_major\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`pages_locales_locale_parent_id_unique\` ON \`pages_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`settings_locales\` (
  	\`banner_texts_operational\` text,
  	\`banner_texts_maintenance\` text,
  	\`banner_texts_degraded\` text,
  	\`banner_texts_partial\` text,
  	\`banner_texts_major\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`settings_locales_locale_parent_id_unique\` ON \`settings_locales\` (\`_locale\`,\`_parent_id\`);`)
  // The text written so far is the default language's (docs/languages.md, "Content"): copied into its locale rows
  // before the old columns go.
  await db.run(sql`INSERT INTO \`service_groups_locales\` (\`name\`, \`description\`, \`_locale\`, \`_parent_id\`) SELECT \`name\`, \`description\`, 'en', \`id\` FROM \`service_groups\`;`)
  await db.run(sql`INSERT INTO \`services_locales\` (\`name\`, \`description\`, \`_locale\`, \`_parent_id\`) SELECT \`name\`, \`description\`, 'en', \`id\` FROM \`services\`;`)
  await db.run(sql`INSERT INTO \`incidents_updates_locales\` (\`message\`, \`_locale\`, \`_parent_id\`) SELECT \`message\`, 'en', \`id\` FROM \`incidents_updates\`;`)
  await db.run(sql`INSERT INTO \`incidents_locales\` (\`title\`, \`postmortem\`, \`_locale\`, \`_parent_id\`) SELECT \`title\`, \`postmortem\`, 'en', \`id\` FROM \`incidents\`;`)
  await db.run(sql`INSERT INTO \`maintenances_updates_locales\` (\`message\`, \`_locale\`, \`_parent_id\`) SELECT \`message\`, 'en', \`id\` FROM \`maintenances_updates\`;`)
  await db.run(sql`INSERT INTO \`maintenances_locales\` (\`title\`, \`description\`, \`_locale\`, \`_parent_id\`) SELECT \`title\`, \`description\`, 'en', \`id\` FROM \`maintenances\`;`)
  await db.run(sql`INSERT INTO \`incident_templates_locales\` (\`title\`, \`message\`, \`_locale\`, \`_parent_id\`) SELECT \`title\`, \`message\`, 'en', \`id\` FROM \`incident_templates\`;`)
  await db.run(sql`INSERT INTO \`maintenance_templates_locales\` (\`title\`, \`description\`, \`_locale\`, \`_parent_id\`) SELECT \`title\`, \`description\`, 'en', \`id\` FROM \`maintenance_templates\`;`)
  await db.run(sql`INSERT INTO \`pages_locales\` (\`banner_texts_operational\`, \`banner_texts_maintenance\`, \`banner_texts_degraded\`, \`banner_texts_partial\`, \`banner_texts_major\`, \`_locale\`, \`_parent_id\`) SELECT \`banner_texts_operational\`, \`banner_texts_maintenance\`, \`banner_texts_degraded\`, \`banner_texts_partial\`, \`banner_texts_major\`, 'en', \`id\` FROM \`pages\`;`)
  await db.run(sql`INSERT INTO \`settings_locales\` (\`banner_texts_operational\`, \`banner_texts_maintenance\`, \`banner_texts_degraded\`, \`banner_texts_partial\`, \`banner_texts_major\`, \`_locale\`, \`_parent_id\`) SELECT \`banner_texts_operational\`, \`banner_texts_maintenance\`, \`banner_texts_degraded\`, \`banner_texts_partial\`, \`banner_texts_major\`, 'en', \`id\` FROM \`settings\`;`)
  await db.run(sql`ALTER TABLE \`service_groups\` DROP COLUMN \`name\`;`)
  await db.run(sql`ALTER TABLE \`service_groups\` DROP COLUMN \`description\`;`)
  await db.run(sql`ALTER TABLE \`services\` DROP COLUMN \`name\`;`)
  await db.run(sql`ALTER TABLE \`services\` DROP COLUMN \`description\`;`)
  await db.run(sql`ALTER TABLE \`incidents_updates\` DROP COLUMN \`message\`;`)
  await db.run(sql`ALTER TABLE \`incidents\` DROP COLUMN \`title\`;`)
  await db.run(sql`ALTER TABLE \`incidents\` DROP COLUMN \`postmortem\`;`)
  await db.run(sql`ALTER TABLE \`maintenances_updates\` DROP COLUMN \`message\`;`)
  await db.run(sql`ALTER TABLE \`maintenances\` DROP COLUMN \`title\`;`)
  await db.run(sql`ALTER TABLE \`maintenances\` DROP COLUMN \`description\`;`)
  await db.run(sql`ALTER TABLE \`incident_templates\` DROP COLUMN \`title\`;`)
  await db.run(sql`ALTER TABLE \`incident_templates\` DROP COLUMN \`message\`;`)
  await db.run(sql`ALTER TABLE \`maintenance_templates\` DROP COLUMN \`title\`;`)
  await db.run(sql`ALTER TABLE \`maintenance_templates\` DROP COLUMN \`description\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`banner_texts_operational\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`banner_texts_maintenance\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`banner_texts_degraded\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`banner_texts_partial\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`banner_texts_major\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`banner_texts_operational\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`banner_texts_maintenance\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`banner_texts_degraded\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`banner_texts_partial\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`banner_texts_major\`;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`service_groups\` ADD \`name\` text DEFAULT '' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`service_groups\` ADD \`description\` text;`)
  await db.run(sql`ALTER TABLE \`services\` ADD \`name\` text DEFAULT '' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`services\` ADD \`description\` text;`)
  await db.run(sql`ALTER TABLE \`incidents_updates\` ADD \`message\` text DEFAULT '' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`incidents\` ADD \`title\` text DEFAULT '' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`incidents\` ADD \`postmortem\` text;`)
  await db.run(sql`ALTER TABLE \`maintenances_updates\` ADD \`message\` text DEFAULT '' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`maintenances\` ADD \`title\` text DEFAULT '' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`maintenances\` ADD \`description\` text;`)
  await db.run(sql`ALTER TABLE \`incident_templates\` ADD \`title\` text DEFAULT '' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`incident_templates\` ADD \`message\` text DEFAULT '' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`maintenance_templates\` ADD \`title\` text DEFAULT '' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`maintenance_templates\` ADD \`description\` text;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`banner_texts_operational\` text;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`banner_texts_maintenance\` text;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`banner_texts_degraded\` text;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`banner_texts_partial\` text;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`banner_texts_major\` text;`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`banner_texts_operational\` text;`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`banner_texts_maintenance\` text;`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`banner_texts_degraded\` text;`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`banner_texts_partial\` text;`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`banner_texts_major\` text;`)
  // Back from the default language's rows (other languages are lost).
  await db.run(sql`UPDATE \`service_groups\` SET \`name\` = coalesce((SELECT l.\`name\` FROM \`service_groups_locales\` l WHERE l.\`_parent_id\` = \`service_groups\`.\`id\` AND l.\`_locale\` = 'en'), ''), \`description\` = (SELECT l.\`description\` FROM \`service_groups_locales\` l WHERE l.\`_parent_id\` = \`service_groups\`.\`id\` AND l.\`_locale\` = 'en');`)
  await db.run(sql`UPDATE \`services\` SET \`name\` = coalesce((SELECT l.\`name\` FROM \`services_locales\` l WHERE l.\`_parent_id\` = \`services\`.\`id\` AND l.\`_locale\` = 'en'), ''), \`description\` = (SELECT l.\`description\` FROM \`services_locales\` l WHERE l.\`_parent_id\` = \`services\`.\`id\` AND l.\`_locale\` = 'en');`)
  await db.run(sql`UPDATE \`incidents_updates\` SET \`message\` = coalesce((SELECT l.\`message\` FROM \`incidents_updates_locales\` l WHERE l.\`_parent_id\` = \`incidents_updates\`.\`id\` AND l.\`_locale\` = 'en'), '');`)
  await db.run(sql`UPDATE \`incidents\` SET \`title\` = coalesce((SELECT l.\`title\` FROM \`incidents_locales\` l WHERE l.\`_parent_id\` = \`incidents\`.\`id\` AND l.\`_locale\` = 'en'), ''), \`postmortem\` = (SELECT l.\`postmortem\` FROM \`incidents_locales\` l WHERE l.\`_parent_id\` = \`incidents\`.\`id\` AND l.\`_locale\` = 'en');`)
  await db.run(sql`UPDATE \`maintenances_updates\` SET \`message\` = coalesce((SELECT l.\`message\` FROM \`maintenances_updates_locales\` l WHERE l.\`_parent_id\` = \`maintenances_updates\`.\`id\` AND l.\`_locale\` = 'en'), '');`)
  await db.run(sql`UPDATE \`maintenances\` SET \`title\` = coalesce((SELECT l.\`title\` FROM \`maintenances_locales\` l WHERE l.\`_parent_id\` = \`maintenances\`.\`id\` AND l.\`_locale\` = 'en'), ''), \`description\` = (SELECT l.\`description\` FROM \`maintenances_locales\` l WHERE l.\`_parent_id\` = \`maintenances\`.\`id\` AND l.\`_locale\` = 'en');`)
  await db.run(sql`UPDATE \`incident_templates\` SET \`title\` = coalesce((SELECT l.\`title\` FROM \`incident_templates_locales\` l WHERE l.\`_parent_id\` = \`incident_templates\`.\`id\` AND l.\`_locale\` = 'en'), ''), \`message\` = coalesce((SELECT l.\`message\` FROM \`incident_templates_locales\` l WHERE l.\`_parent_id\` = \`incident_templates\`.\`id\` AND l.\`_locale\` = 'en'), '');`)
  await db.run(sql`UPDATE \`maintenance_templates\` SET \`title\` = coalesce((SELECT l.\`title\` FROM \`maintenance_templates_locales\` l WHERE l.\`_parent_id\` = \`maintenance_templates\`.\`id\` AND l.\`_locale\` = 'en'), ''), \`description\` = (SELECT l.\`description\` FROM \`maintenance_templates_locales\` l WHERE l.\`_parent_id\` = \`maintenance_templates\`.\`id\` AND l.\`_locale\` = 'en');`)
  await db.run(sql`UPDATE \`pages\` SET \`banner_texts_operational\` = (SELECT l.\`banner_texts_operational\` FROM \`pages_locales\` l WHERE l.\`_parent_id\` = \`pages\`.\`id\` AND l.\`_locale\` = 'en'), \`banner_texts_maintenance\` = (SELECT l.\`banner_texts_maintenance\` FROM \`pages_locales\` l WHERE l.\`_parent_id\` = \`pages\`.\`id\` AND l.\`_locale\` = 'en'), \`banner_texts_degraded\` = (SELECT l.\`banner_texts_degraded\` FROM \`pages_locales\` l WHERE l.\`_parent_id\` = \`pages\`.\`id\` AND l.\`_locale\` = 'en'), \`banner_texts_partial\` = (SELECT l.\`banner_texts_partial\` FROM \`pages_locales\` l WHERE l.\`_parent_id\` = \`pages\`.\`id\` AND l.\`_locale\` = 'en'), \`banner_texts_major\` = (SELECT l.\`banner_texts_major\` FROM \`pages_locales\` l WHERE l.\`_parent_id\` = \`pages\`.\`id\` AND l.\`_locale\` = 'en');`)
  await db.run(sql`UPDATE \`settings\` SET \`banner_texts_operational\` = (SELECT l.\`banner_texts_operational\` FROM \`settings_locales\` l WHERE l.\`_parent_id\` = \`settings\`.\`id\` AND l.\`_locale\` = 'en'), \`banner_texts_maintenance\` = (SELECT l.\`banner_texts_maintenance\` FROM \`settings_locales\` l WHERE l.\`_parent_id\` = \`settings\`.\`id\` AND l.\`_locale\` = 'en'), \`banner_texts_degraded\` = (SELECT l.\`banner_texts_degraded\` FROM \`settings_locales\` l WHERE l.\`_parent_id\` = \`settings\`.\`id\` AND l.\`_locale\` = 'en'), \`banner_texts_partial\` = (SELECT l.\`banner_texts_partial\` FROM \`settings_locales\` l WHERE l.\`_parent_id\` = \`settings\`.\`id\` AND l.\`_locale\` = 'en'), \`banner_texts_major\` = (SELECT l.\`banner_texts_major\` FROM \`settings_locales\` l WHERE l.\`_parent_id\` = \`settings\`.\`id\` AND l.\`_locale\` = 'en');`)
  await db.run(sql`DROP TABLE \`service_groups_locales\`;`)
  await db.run(sql`DROP TABLE \`services_locales\`;`)
  await db.run(sql`DROP TABLE \`incidents_updates_locales\`;`)
  await db.run(sql`DROP TABLE \`incidents_locales\`;`)
  await db.run(sql`DROP TABLE \`maintenances_updates_locales\`;`)
  await db.run(sql`DROP TABLE \`maintenances_locales\`;`)
  await db.run(sql`DROP TABLE \`incident_templates_locales\`;`)
  await db.run(sql`DROP TABLE \`maintenance_templates_locales\`;`)
  await db.run(sql`DROP TABLE \`pages_locales\`;`)
  await db.run(sql`DROP TABLE \`settings_locales\`;`)
}
