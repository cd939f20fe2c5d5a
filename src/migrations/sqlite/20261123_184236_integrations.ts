import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`integrations_severity_statuses\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`severity\` text NOT NULL,
  	\`status\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`integrations\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`integrations_severity_statuses_order_idx\` ON \`integrations_severity_statuses\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`integrations_severity_statuses_parent_id_idx\` ON \`integrations_severity_statuses\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`integrations\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`name\` text NOT NULL,
  	\`kind\` text NOT NULL,
  	\`token_hash\` text,
  	\`service_label\` text DEFAULT 'service' NOT NULL,
  	\`default_status\` text DEFAULT 'partial' NOT NULL,
  	\`notify_subscribers\` integer DEFAULT true,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`integrations_token_hash_idx\` ON \`integrations\` (\`token_hash\`);`)
  await db.run(sql`CREATE INDEX \`integrations_updated_at_idx\` ON \`integrations\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`integrations_created_at_idx\` ON \`integrations\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`integrations_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`services_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`integrations\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`services_id\`) REFERENCES \`services\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`integrations_rels_order_idx\` ON \`integrations_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`integrations_rels_parent_idx\` ON \`integrations_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`integrations_rels_path_idx\` ON \`integrations_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`integrations_rels_services_id_idx\` ON \`integrations_rels\` (\`services_id\`);`)
  await db.run(sql`CREATE TABLE \`integration_events\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`integration_id\` integer,
  	\`outcome\` text NOT NULL,
  	\`key\` text,
  	\`summary\` text NOT NULL,
  	\`detail\` text,
  	\`incident_id\` integer,
  	\`statuses\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`integration_id\`) REFERENCES \`integrations\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`incident_id\`) REFERENCES \`incidents\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`integration_events_integration_idx\` ON \`integration_events\` (\`integration_id\`);`)
  await db.run(sql`CREATE INDEX \`integration_events_incident_idx\` ON \`integration_events\` (\`incident_id\`);`)
  await db.run(sql`CREATE INDEX \`integration_events_updated_at_idx\` ON \`integration_events\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`integration_events_created_at_idx\` ON \`integration_events\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`integration_createdAt_idx\` ON \`integration_events\` (\`integration_id\`,\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`incidents\` ADD \`integration_id\` integer REFERENCES integrations(id);`)
  await db.run(sql`ALTER TABLE \`incidents\` ADD \`integration_key\` text;`)
  await db.run(sql`ALTER TABLE \`incidents\` ADD \`integration_alert_state\` text;`)
  await db.run(sql`ALTER TABLE \`incidents\` ADD \`integration_signature\` text;`)
  await db.run(sql`ALTER TABLE \`incidents\` ADD \`integration_open_key\` text;`)
  await db.run(sql`ALTER TABLE \`incidents\` ADD \`integration_quiet\` integer;`)
  await db.run(sql`CREATE INDEX \`incidents_integration_idx\` ON \`incidents\` (\`integration_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`incidents_integration_open_key_idx\` ON \`incidents\` (\`integration_open_key\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`integrations_id\` integer REFERENCES integrations(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`integration_events_id\` integer REFERENCES integration_events(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_integrations_id_idx\` ON \`payload_locked_documents_rels\` (\`integrations_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_integration_events_id_idx\` ON \`payload_locked_documents_rels\` (\`integration_events_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`integrations_severity_statuses\`;`)
  await db.run(sql`DROP TABLE \`integrations\`;`)
  await db.run(sql`DROP TABLE \`integrations_rels\`;`)
  await db.run(sql`DROP TABLE \`integration_events\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_incidents\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`title\` text NOT NULL,
  	\`short_id\` text,
  	\`status\` text,
  	\`resolved_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_incidents\`("id", "title", "short_id", "status", "resolved_at", "updated_at", "created_at") SELECT "id", "title", "short_id", "status", "resolved_at", "updated_at", "created_at" FROM \`incidents\`;`)
  await db.run(sql`DROP TABLE \`incidents\`;`)
  await db.run(sql`ALTER TABLE \`__new_incidents\` RENAME TO \`incidents\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE UNIQUE INDEX \`incidents_short_id_idx\` ON \`incidents\` (\`short_id\`);`)
  await db.run(sql`CREATE INDEX \`incidents_status_idx\` ON \`incidents\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`incidents_resolved_at_idx\` ON \`incidents\` (\`resolved_at\`);`)
  await db.run(sql`CREATE INDEX \`incidents_updated_at_idx\` ON \`incidents\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`incidents_created_at_idx\` ON \`incidents\` (\`created_at\`);`)
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
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "service_groups_id", "services_id", "service_status_changes_id", "incidents_id", "maintenances_id", "subscribers_id", "notifications_id", "notification_deliveries_id", "users_id", "media_id") SELECT "id", "order", "parent_id", "path", "service_groups_id", "services_id", "service_status_changes_id", "incidents_id", "maintenances_id", "subscribers_id", "notifications_id", "notification_deliveries_id", "users_id", "media_id" FROM \`payload_locked_documents_rels\`;`)
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
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_subscribers_id_idx\` ON \`payload_locked_documents_rels\` (\`subscribers_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_notifications_id_idx\` ON \`payload_locked_documents_rels\` (\`notifications_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_notification_deliveries_id_idx\` ON \`payload_locked_documents_rels\` (\`notification_deliveries_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
}
