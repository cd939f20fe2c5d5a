import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`notifications\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`kind\` text NOT NULL,
  	\`event_key\` text NOT NULL,
  	\`subject\` text NOT NULL,
  	\`message\` text,
  	\`content\` text NOT NULL,
  	\`incident_id\` integer,
  	\`maintenance_id\` integer,
  	\`status\` text DEFAULT 'queued' NOT NULL,
  	\`recipients\` numeric,
  	\`sent\` numeric,
  	\`failed\` numeric,
  	\`completed_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`incident_id\`) REFERENCES \`incidents\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`maintenance_id\`) REFERENCES \`maintenances\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`notifications_event_key_idx\` ON \`notifications\` (\`event_key\`);`)
  await db.run(sql`CREATE INDEX \`notifications_incident_idx\` ON \`notifications\` (\`incident_id\`);`)
  await db.run(sql`CREATE INDEX \`notifications_maintenance_idx\` ON \`notifications\` (\`maintenance_id\`);`)
  await db.run(sql`CREATE INDEX \`notifications_status_idx\` ON \`notifications\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`notifications_updated_at_idx\` ON \`notifications\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`notifications_created_at_idx\` ON \`notifications\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`notification_deliveries\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`notification_id\` integer,
  	\`subscriber_id\` integer,
  	\`channel\` text NOT NULL,
  	\`address\` text,
  	\`status\` text DEFAULT 'pending' NOT NULL,
  	\`attempts\` numeric DEFAULT 0,
  	\`next_attempt_at\` text,
  	\`claimed_at\` text,
  	\`sent_at\` text,
  	\`last_error\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`notification_id\`) REFERENCES \`notifications\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`subscriber_id\`) REFERENCES \`subscribers\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`notification_deliveries_notification_idx\` ON \`notification_deliveries\` (\`notification_id\`);`)
  await db.run(sql`CREATE INDEX \`notification_deliveries_subscriber_idx\` ON \`notification_deliveries\` (\`subscriber_id\`);`)
  await db.run(sql`CREATE INDEX \`notification_deliveries_status_idx\` ON \`notification_deliveries\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`notification_deliveries_next_attempt_at_idx\` ON \`notification_deliveries\` (\`next_attempt_at\`);`)
  await db.run(sql`CREATE INDEX \`notification_deliveries_updated_at_idx\` ON \`notification_deliveries\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`notification_deliveries_created_at_idx\` ON \`notification_deliveries\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`notification_subscriber_idx\` ON \`notification_deliveries\` (\`notification_id\`,\`subscriber_id\`);`)
  await db.run(sql`CREATE TABLE \`demo_state\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`last_reset_at\` text,
  	\`next_reset_at\` text,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`DROP INDEX \`subscribers_email_idx\`;`)
  await db.run(sql`DROP INDEX \`subscribers_phone_idx\`;`)
  await db.run(sql`ALTER TABLE \`subscribers\` ADD \`verified_at\` text;`)
  await db.run(sql`ALTER TABLE \`subscribers\` ADD \`unsubscribed_at\` text;`)
  await db.run(sql`ALTER TABLE \`subscribers\` ADD \`confirmation_sent_at\` text;`)
  await db.run(sql`CREATE INDEX \`subscribers_verified_idx\` ON \`subscribers\` (\`verified\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_active_idx\` ON \`subscribers\` (\`active\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`subscribers_email_idx\` ON \`subscribers\` (\`email\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`subscribers_phone_idx\` ON \`subscribers\` (\`phone\`);`)
  await db.run(sql`ALTER TABLE \`maintenances\` ADD \`notify_subscribers\` integer DEFAULT true;`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`notifications_id\` integer REFERENCES notifications(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`notification_deliveries_id\` integer REFERENCES notification_deliveries(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_notifications_id_idx\` ON \`payload_locked_documents_rels\` (\`notifications_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_notification_deliveries_id_idx\` ON \`payload_locked_documents_rels\` (\`notification_deliveries_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`notifications\`;`)
  await db.run(sql`DROP TABLE \`notification_deliveries\`;`)
  await db.run(sql`DROP TABLE \`demo_state\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`service_groups_id\` integer,
  	\`services_id\` integer,
  	\`incidents_id\` integer,
  	\`maintenances_id\` integer,
  	\`subscribers_id\` integer,
  	\`users_id\` integer,
  	\`media_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`service_groups_id\`) REFERENCES \`service_groups\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`services_id\`) REFERENCES \`services\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`incidents_id\`) REFERENCES \`incidents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`maintenances_id\`) REFERENCES \`maintenances\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`subscribers_id\`) REFERENCES \`subscribers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "service_groups_id", "services_id", "incidents_id", "maintenances_id", "subscribers_id", "users_id", "media_id") SELECT "id", "order", "parent_id", "path", "service_groups_id", "services_id", "incidents_id", "maintenances_id", "subscribers_id", "users_id", "media_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_service_groups_id_idx\` ON \`payload_locked_documents_rels\` (\`service_groups_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_services_id_idx\` ON \`payload_locked_documents_rels\` (\`services_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_incidents_id_idx\` ON \`payload_locked_documents_rels\` (\`incidents_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_maintenances_id_idx\` ON \`payload_locked_documents_rels\` (\`maintenances_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_subscribers_id_idx\` ON \`payload_locked_documents_rels\` (\`subscribers_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`DROP INDEX \`subscribers_verified_idx\`;`)
  await db.run(sql`DROP INDEX \`subscribers_active_idx\`;`)
  await db.run(sql`DROP INDEX \`subscribers_email_idx\`;`)
  await db.run(sql`DROP INDEX \`subscribers_phone_idx\`;`)
  await db.run(sql`CREATE INDEX \`subscribers_email_idx\` ON \`subscribers\` (\`email\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_phone_idx\` ON \`subscribers\` (\`phone\`);`)
  await db.run(sql`ALTER TABLE \`subscribers\` DROP COLUMN \`verified_at\`;`)
  await db.run(sql`ALTER TABLE \`subscribers\` DROP COLUMN \`unsubscribed_at\`;`)
  await db.run(sql`ALTER TABLE \`subscribers\` DROP COLUMN \`confirmation_sent_at\`;`)
  await db.run(sql`ALTER TABLE \`maintenances\` DROP COLUMN \`notify_subscribers\`;`)
}
