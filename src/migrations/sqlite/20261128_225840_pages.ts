import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'


/**
 * Several status pages (docs/pages.md): the pages collection with its host names and sections; the settings'
 * sections (the default page's); the pages an incident or maintenance names; the page a subscriber follows, and
 * `page_key` (its id, 0 for the default page), which the unique indexes of an address pair with, so one address may
 * follow two pages; the pages an editor is limited to. An existing site gets no page, no section and no limit: the
 * default page shows what the site showed, and every subscriber follows it.
 */
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`users_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`pages_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`pages_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`users_rels_order_idx\` ON \`users_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`users_rels_parent_idx\` ON \`users_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`users_rels_path_idx\` ON \`users_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`users_rels_pages_id_idx\` ON \`users_rels\` (\`pages_id\`);`)
  await db.run(sql`CREATE TABLE \`pages_hosts\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`host\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`pages_hosts_order_idx\` ON \`pages_hosts\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`pages_hosts_parent_id_idx\` ON \`pages_hosts\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`pages_sections\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`group_id\` integer,
  	FOREIGN KEY (\`group_id\`) REFERENCES \`service_groups\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`pages_sections_order_idx\` ON \`pages_sections\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`pages_sections_parent_id_idx\` ON \`pages_sections\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`pages_sections_group_idx\` ON \`pages_sections\` (\`group_id\`);`)
  await db.run(sql`CREATE TABLE \`pages\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`name\` text NOT NULL,
  	\`slug\` text,
  	\`public_url\` text,
  	\`description\` text,
  	\`status_message\` text,
  	\`time_zone\` text,
  	\`logo_id\` integer,
  	\`favicon_id\` integer,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`logo_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`favicon_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`pages_slug_idx\` ON \`pages\` (\`slug\`);`)
  await db.run(sql`CREATE INDEX \`pages_logo_idx\` ON \`pages\` (\`logo_id\`);`)
  await db.run(sql`CREATE INDEX \`pages_favicon_idx\` ON \`pages\` (\`favicon_id\`);`)
  await db.run(sql`CREATE INDEX \`pages_updated_at_idx\` ON \`pages\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`pages_created_at_idx\` ON \`pages\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`pages_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`services_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`services_id\`) REFERENCES \`services\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`pages_rels_order_idx\` ON \`pages_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`pages_rels_parent_idx\` ON \`pages_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`pages_rels_path_idx\` ON \`pages_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`pages_rels_services_id_idx\` ON \`pages_rels\` (\`services_id\`);`)
  await db.run(sql`CREATE TABLE \`settings_sections\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`group_id\` integer,
  	FOREIGN KEY (\`group_id\`) REFERENCES \`service_groups\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`settings_sections_order_idx\` ON \`settings_sections\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`settings_sections_parent_id_idx\` ON \`settings_sections\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`settings_sections_group_idx\` ON \`settings_sections\` (\`group_id\`);`)
  await db.run(sql`CREATE TABLE \`settings_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`services_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`settings\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`services_id\`) REFERENCES \`services\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`settings_rels_order_idx\` ON \`settings_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`settings_rels_parent_idx\` ON \`settings_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`settings_rels_path_idx\` ON \`settings_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`settings_rels_services_id_idx\` ON \`settings_rels\` (\`services_id\`);`)
  await db.run(sql`DROP INDEX \`subscribers_email_idx\`;`)
  await db.run(sql`DROP INDEX \`subscribers_phone_idx\`;`)
  await db.run(sql`DROP INDEX \`subscribers_url_idx\`;`)
  await db.run(sql`ALTER TABLE \`subscribers\` ADD \`page_id\` integer REFERENCES pages(id) ON DELETE set null;`)
  await db.run(sql`ALTER TABLE \`subscribers\` ADD \`page_key\` numeric DEFAULT 0;`)
  await db.run(sql`CREATE INDEX \`subscribers_page_idx\` ON \`subscribers\` (\`page_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`email_pageKey_idx\` ON \`subscribers\` (\`email\`,\`page_key\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`phone_pageKey_idx\` ON \`subscribers\` (\`phone\`,\`page_key\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`url_pageKey_idx\` ON \`subscribers\` (\`url\`,\`page_key\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_email_idx\` ON \`subscribers\` (\`email\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_phone_idx\` ON \`subscribers\` (\`phone\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_url_idx\` ON \`subscribers\` (\`url\`);`)
  await db.run(sql`ALTER TABLE \`incidents_rels\` ADD \`pages_id\` integer REFERENCES pages(id) ON DELETE cascade;`)
  await db.run(sql`CREATE INDEX \`incidents_rels_pages_id_idx\` ON \`incidents_rels\` (\`pages_id\`);`)
  await db.run(sql`ALTER TABLE \`maintenances_rels\` ADD \`pages_id\` integer REFERENCES pages(id) ON DELETE cascade;`)
  await db.run(sql`CREATE INDEX \`maintenances_rels_pages_id_idx\` ON \`maintenances_rels\` (\`pages_id\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`pages_id\` integer REFERENCES pages(id) ON DELETE cascade;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_pages_id_idx\` ON \`payload_locked_documents_rels\` (\`pages_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`users_rels\`;`)
  await db.run(sql`DROP TABLE \`pages_hosts\`;`)
  await db.run(sql`DROP TABLE \`pages_sections\`;`)
  await db.run(sql`DROP TABLE \`pages\`;`)
  await db.run(sql`DROP TABLE \`pages_rels\`;`)
  await db.run(sql`DROP TABLE \`settings_sections\`;`)
  await db.run(sql`DROP TABLE \`settings_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_incidents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`services_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`incidents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`services_id\`) REFERENCES \`services\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_incidents_rels\`("id", "order", "parent_id", "path", "services_id") SELECT "id", "order", "parent_id", "path", "services_id" FROM \`incidents_rels\`;`)
  await db.run(sql`DROP TABLE \`incidents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_incidents_rels\` RENAME TO \`incidents_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`incidents_rels_order_idx\` ON \`incidents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`incidents_rels_parent_idx\` ON \`incidents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`incidents_rels_path_idx\` ON \`incidents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`incidents_rels_services_id_idx\` ON \`incidents_rels\` (\`services_id\`);`)
  await db.run(sql`CREATE TABLE \`__new_maintenances_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`services_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`maintenances\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`services_id\`) REFERENCES \`services\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_maintenances_rels\`("id", "order", "parent_id", "path", "services_id") SELECT "id", "order", "parent_id", "path", "services_id" FROM \`maintenances_rels\`;`)
  await db.run(sql`DROP TABLE \`maintenances_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_maintenances_rels\` RENAME TO \`maintenances_rels\`;`)
  await db.run(sql`CREATE INDEX \`maintenances_rels_order_idx\` ON \`maintenances_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`maintenances_rels_parent_idx\` ON \`maintenances_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`maintenances_rels_path_idx\` ON \`maintenances_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`maintenances_rels_services_id_idx\` ON \`maintenances_rels\` (\`services_id\`);`)
  await db.run(sql`CREATE TABLE \`__new_subscribers\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`type\` text DEFAULT 'email' NOT NULL,
  	\`email\` text,
  	\`phone\` text,
  	\`url\` text,
  	\`contact_email\` text,
  	\`signing_secret\` text,
  	\`failing_since\` text,
  	\`quarantined_at\` text,
  	\`verified\` integer DEFAULT false,
  	\`active\` integer DEFAULT true,
  	\`verified_at\` text,
  	\`unsubscribed_at\` text,
  	\`confirmation_sent_at\` text,
  	\`confirmation_requested_at\` text,
  	\`confirmation_claimed_for\` text,
  	\`confirmation_error\` text,
  	\`confirmation_failed_at\` text,
  	\`unsubscribe_token\` text,
  	\`verification_token\` text,
  	\`created_from_address\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_subscribers\`("id", "type", "email", "phone", "url", "contact_email", "signing_secret", "failing_since", "quarantined_at", "verified", "active", "verified_at", "unsubscribed_at", "confirmation_sent_at", "confirmation_requested_at", "confirmation_claimed_for", "confirmation_error", "confirmation_failed_at", "unsubscribe_token", "verification_token", "created_from_address", "updated_at", "created_at") SELECT "id", "type", "email", "phone", "url", "contact_email", "signing_secret", "failing_since", "quarantined_at", "verified", "active", "verified_at", "unsubscribed_at", "confirmation_sent_at", "confirmation_requested_at", "confirmation_claimed_for", "confirmation_error", "confirmation_failed_at", "unsubscribe_token", "verification_token", "created_from_address", "updated_at", "created_at" FROM \`subscribers\`;`)
  await db.run(sql`DROP TABLE \`subscribers\`;`)
  await db.run(sql`ALTER TABLE \`__new_subscribers\` RENAME TO \`subscribers\`;`)
  await db.run(sql`CREATE UNIQUE INDEX \`subscribers_email_idx\` ON \`subscribers\` (\`email\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`subscribers_phone_idx\` ON \`subscribers\` (\`phone\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`subscribers_url_idx\` ON \`subscribers\` (\`url\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_quarantined_at_idx\` ON \`subscribers\` (\`quarantined_at\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_verified_idx\` ON \`subscribers\` (\`verified\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_active_idx\` ON \`subscribers\` (\`active\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_confirmation_failed_at_idx\` ON \`subscribers\` (\`confirmation_failed_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`subscribers_unsubscribe_token_idx\` ON \`subscribers\` (\`unsubscribe_token\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_verification_token_idx\` ON \`subscribers\` (\`verification_token\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_updated_at_idx\` ON \`subscribers\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_created_at_idx\` ON \`subscribers\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`service_groups_id\` integer,
  	\`services_id\` integer,
  	\`service_status_changes_id\` integer,
  	\`incidents_id\` integer,
  	\`maintenances_id\` integer,
  	\`incident_templates_id\` integer,
  	\`maintenance_templates_id\` integer,
  	\`subscribers_id\` integer,
  	\`notifications_id\` integer,
  	\`notification_deliveries_id\` integer,
  	\`integrations_id\` integer,
  	\`integration_events_id\` integer,
  	\`users_id\` integer,
  	\`media_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`service_groups_id\`) REFERENCES \`service_groups\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`services_id\`) REFERENCES \`services\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`service_status_changes_id\`) REFERENCES \`service_status_changes\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`incidents_id\`) REFERENCES \`incidents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`maintenances_id\`) REFERENCES \`maintenances\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`incident_templates_id\`) REFERENCES \`incident_templates\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`maintenance_templates_id\`) REFERENCES \`maintenance_templates\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`subscribers_id\`) REFERENCES \`subscribers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`notifications_id\`) REFERENCES \`notifications\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`notification_deliveries_id\`) REFERENCES \`notification_deliveries\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`integrations_id\`) REFERENCES \`integrations\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`integration_events_id\`) REFERENCES \`integration_events\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "service_groups_id", "services_id", "service_status_changes_id", "incidents_id", "maintenances_id", "incident_templates_id", "maintenance_templates_id", "subscribers_id", "notifications_id", "notification_deliveries_id", "integrations_id", "integration_events_id", "users_id", "media_id") SELECT "id", "order", "parent_id", "path", "service_groups_id", "services_id", "service_status_changes_id", "incidents_id", "maintenances_id", "incident_templates_id", "maintenance_templates_id", "subscribers_id", "notifications_id", "notification_deliveries_id", "integrations_id", "integration_events_id", "users_id", "media_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_service_groups_id_idx\` ON \`payload_locked_documents_rels\` (\`service_groups_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_services_id_idx\` ON \`payload_locked_documents_rels\` (\`services_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_service_status_changes_id_idx\` ON \`payload_locked_documents_rels\` (\`service_status_changes_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_incidents_id_idx\` ON \`payload_locked_documents_rels\` (\`incidents_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_maintenances_id_idx\` ON \`payload_locked_documents_rels\` (\`maintenances_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_incident_templates_id_idx\` ON \`payload_locked_documents_rels\` (\`incident_templates_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_maintenance_templates_id_idx\` ON \`payload_locked_documents_rels\` (\`maintenance_templates_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_subscribers_id_idx\` ON \`payload_locked_documents_rels\` (\`subscribers_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_notifications_id_idx\` ON \`payload_locked_documents_rels\` (\`notifications_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_notification_deliveries_id_idx\` ON \`payload_locked_documents_rels\` (\`notification_deliveries_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_integrations_id_idx\` ON \`payload_locked_documents_rels\` (\`integrations_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_integration_events_id_idx\` ON \`payload_locked_documents_rels\` (\`integration_events_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
}
