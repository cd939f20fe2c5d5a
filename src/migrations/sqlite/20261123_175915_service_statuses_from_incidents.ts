import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`incidents_updates_service_statuses\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` text NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`service_id\` integer,
  	\`status\` text NOT NULL,
  	FOREIGN KEY (\`service_id\`) REFERENCES \`services\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`incidents_updates\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`incidents_updates_service_statuses_order_idx\` ON \`incidents_updates_service_statuses\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`incidents_updates_service_statuses_parent_id_idx\` ON \`incidents_updates_service_statuses\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`incidents_updates_service_statuses_service_idx\` ON \`incidents_updates_service_statuses\` (\`service_id\`);`)
  await db.run(sql`ALTER TABLE \`maintenances\` ADD \`set_services_under_maintenance\` integer DEFAULT false;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`incidents_updates_service_statuses\`;`)
  await db.run(sql`ALTER TABLE \`maintenances\` DROP COLUMN \`set_services_under_maintenance\`;`)
}
