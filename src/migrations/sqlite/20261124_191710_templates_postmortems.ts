import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`incident_templates_services\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`service_id\` integer,
  	\`status\` text DEFAULT 'degraded' NOT NULL,
  	FOREIGN KEY (\`service_id\`) REFERENCES \`services\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`incident_templates\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`incident_templates_services_order_idx\` ON \`incident_templates_services\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`incident_templates_services_parent_id_idx\` ON \`incident_templates_services\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`incident_templates_services_service_idx\` ON \`incident_templates_services\` (\`service_id\`);`)
  await db.run(sql`CREATE TABLE \`incident_templates\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`name\` text NOT NULL,
  	\`title\` text NOT NULL,
  	\`status\` text DEFAULT 'investigating' NOT NULL,
  	\`message\` text NOT NULL,
  	\`notify\` integer DEFAULT true,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`incident_templates_updated_at_idx\` ON \`incident_templates\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`incident_templates_created_at_idx\` ON \`incident_templates\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`maintenance_templates\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`name\` text NOT NULL,
  	\`title\` text NOT NULL,
  	\`description\` text,
  	\`duration_minutes\` numeric,
  	\`set_services_under_maintenance\` integer DEFAULT false,
  	\`notify_subscribers\` integer DEFAULT true,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`maintenance_templates_updated_at_idx\` ON \`maintenance_templates\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`maintenance_templates_created_at_idx\` ON \`maintenance_templates\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`maintenance_templates_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`services_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`maintenance_templates\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`services_id\`) REFERENCES \`services\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`maintenance_templates_rels_order_idx\` ON \`maintenance_templates_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`maintenance_templates_rels_parent_idx\` ON \`maintenance_templates_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`maintenance_templates_rels_path_idx\` ON \`maintenance_templates_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`maintenance_templates_rels_services_id_idx\` ON \`maintenance_templates_rels\` (\`services_id\`);`)
  await db.run(sql`ALTER TABLE \`incidents\` ADD \`postmortem\` text;`)
  await db.run(sql`ALTER TABLE \`incidents\` ADD \`postmortem_published_at\` text;`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`incident_templates_id\` integer REFERENCES incident_templates(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`maintenance_templates_id\` integer REFERENCES maintenance_templates(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_incident_templates_id_idx\` ON \`payload_locked_documents_rels\` (\`incident_templates_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_maintenance_templates_id_idx\` ON \`payload_locked_documents_rels\` (\`maintenance_templates_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`incident_templates_services\`;`)
  await db.run(sql`DROP TABLE \`incident_templates\`;`)
  await db.run(sql`DROP TABLE \`maintenance_templates\`;`)
  await db.run(sql`DROP TABLE \`maintenance_templates_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
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
  	FOREIGN KEY (\`subscribers_id\`) REFERENCES \`subscribers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`notifications_id\`) REFERENCES \`notifications\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`notification_deliveries_id\`) REFERENCES \`notification_deliveries\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`integrations_id\`) REFERENCES \`integrations\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`integration_events_id\`) REFERENCES \`integration_events\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "service_groups_id", "services_id", "service_status_changes_id", "incidents_id", "maintenances_id", "subscribers_id", "notifications_id", "notification_deliveries_id", "integrations_id", "integration_events_id", "users_id", "media_id") SELECT "id", "order", "parent_id", "path", "service_groups_id", "services_id", "service_status_changes_id", "incidents_id", "maintenances_id", "subscribers_id", "notifications_id", "notification_deliveries_id", "integrations_id", "integration_events_id", "users_id", "media_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_service_groups_id_idx\` ON \`payload_locked_documents_rels\` (\`service_groups_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_services_id_idx\` ON \`payload_locked_documents_rels\` (\`services_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_service_status_changes_id_idx\` ON \`payload_locked_documents_rels\` (\`service_status_changes_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_incidents_id_idx\` ON \`payload_locked_documents_rels\` (\`incidents_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_maintenances_id_idx\` ON \`payload_locked_documents_rels\` (\`maintenances_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_subscribers_id_idx\` ON \`payload_locked_documents_rels\` (\`subscribers_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_notifications_id_idx\` ON \`payload_locked_documents_rels\` (\`notifications_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_notification_deliveries_id_idx\` ON \`payload_locked_documents_rels\` (\`notification_deliveries_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_integrations_id_idx\` ON \`payload_locked_documents_rels\` (\`integrations_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_integration_events_id_idx\` ON \`payload_locked_documents_rels\` (\`integration_events_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`ALTER TABLE \`incidents\` DROP COLUMN \`postmortem\`;`)
  await db.run(sql`ALTER TABLE \`incidents\` DROP COLUMN \`postmortem_published_at\`;`)
}
