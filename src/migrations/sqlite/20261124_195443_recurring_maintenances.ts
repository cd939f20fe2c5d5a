import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`maintenances_recurrence_weekdays\` (
  	\`order\` integer NOT NULL,
  	\`parent_id\` integer NOT NULL,
  	\`value\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`maintenances\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`maintenances_recurrence_weekdays_order_idx\` ON \`maintenances_recurrence_weekdays\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`maintenances_recurrence_weekdays_parent_idx\` ON \`maintenances_recurrence_weekdays\` (\`parent_id\`);`)
  await db.run(sql`ALTER TABLE \`maintenances\` ADD \`recurrence_frequency\` text DEFAULT 'none';`)
  await db.run(sql`ALTER TABLE \`maintenances\` ADD \`recurrence_day_of_month\` numeric;`)
  await db.run(sql`ALTER TABLE \`maintenances\` ADD \`recurrence_until\` text;`)
  await db.run(sql`ALTER TABLE \`maintenances\` ADD \`series_id\` integer REFERENCES maintenances(id);`)
  await db.run(sql`ALTER TABLE \`maintenances\` ADD \`series_slot\` text;`)
  await db.run(sql`CREATE INDEX \`maintenances_series_idx\` ON \`maintenances\` (\`series_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`series_seriesSlot_idx\` ON \`maintenances\` (\`series_id\`,\`series_slot\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`maintenances_recurrence_weekdays\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_maintenances\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`title\` text NOT NULL,
  	\`short_id\` text,
  	\`draft\` integer DEFAULT false,
  	\`publish_at\` text,
  	\`description\` text,
  	\`scheduled_start_at\` text NOT NULL,
  	\`scheduled_end_at\` text,
  	\`duration\` text,
  	\`set_services_under_maintenance\` integer DEFAULT false,
  	\`status\` text DEFAULT 'upcoming' NOT NULL,
  	\`notify_subscribers\` integer DEFAULT true,
  	\`remind_before\` text DEFAULT 'default',
  	\`reminded_for\` text,
  	\`completed_at\` text,
  	\`completed_by\` text,
  	\`cancelled_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_maintenances\`("id", "title", "short_id", "draft", "publish_at", "description", "scheduled_start_at", "scheduled_end_at", "duration", "set_services_under_maintenance", "status", "notify_subscribers", "remind_before", "reminded_for", "completed_at", "completed_by", "cancelled_at", "updated_at", "created_at") SELECT "id", "title", "short_id", "draft", "publish_at", "description", "scheduled_start_at", "scheduled_end_at", "duration", "set_services_under_maintenance", "status", "notify_subscribers", "remind_before", "reminded_for", "completed_at", "completed_by", "cancelled_at", "updated_at", "created_at" FROM \`maintenances\`;`)
  await db.run(sql`DROP TABLE \`maintenances\`;`)
  await db.run(sql`ALTER TABLE \`__new_maintenances\` RENAME TO \`maintenances\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE UNIQUE INDEX \`maintenances_short_id_idx\` ON \`maintenances\` (\`short_id\`);`)
  await db.run(sql`CREATE INDEX \`maintenances_draft_idx\` ON \`maintenances\` (\`draft\`);`)
  await db.run(sql`CREATE INDEX \`maintenances_publish_at_idx\` ON \`maintenances\` (\`publish_at\`);`)
  await db.run(sql`CREATE INDEX \`maintenances_scheduled_start_at_idx\` ON \`maintenances\` (\`scheduled_start_at\`);`)
  await db.run(sql`CREATE INDEX \`maintenances_scheduled_end_at_idx\` ON \`maintenances\` (\`scheduled_end_at\`);`)
  await db.run(sql`CREATE INDEX \`maintenances_status_idx\` ON \`maintenances\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`maintenances_updated_at_idx\` ON \`maintenances\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`maintenances_created_at_idx\` ON \`maintenances\` (\`created_at\`);`)
}
