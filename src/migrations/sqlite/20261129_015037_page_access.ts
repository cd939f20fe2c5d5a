import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`pages_access_passwords\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`label\` text,
  	\`password\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`pages_access_passwords_order_idx\` ON \`pages_access_passwords\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`pages_access_passwords_parent_id_idx\` ON \`pages_access_passwords\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`pages_access_networks\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`network\` text,
  	\`label\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`pages_access_networks_order_idx\` ON \`pages_access_networks\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`pages_access_networks_parent_id_idx\` ON \`pages_access_networks\` (\`_parent_id\`);`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`access_mode\` text DEFAULT 'public';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`pages_access_passwords\`;`)
  await db.run(sql`DROP TABLE \`pages_access_networks\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`access_mode\`;`)
}
