import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`settings_access_passwords\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`label\` text,
  	\`password\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`settings_access_passwords_order_idx\` ON \`settings_access_passwords\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`settings_access_passwords_parent_id_idx\` ON \`settings_access_passwords\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`settings_access_networks\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`network\` text,
  	\`label\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`settings_access_networks_order_idx\` ON \`settings_access_networks\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`settings_access_networks_parent_id_idx\` ON \`settings_access_networks\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`settings_access_oidc_allowed_domains\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`domain\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`settings_access_oidc_allowed_domains_order_idx\` ON \`settings_access_oidc_allowed_domains\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`settings_access_oidc_allowed_domains_parent_id_idx\` ON \`settings_access_oidc_allowed_domains\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`settings_access_oidc_allowed_emails\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`email\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`settings_access_oidc_allowed_emails_order_idx\` ON \`settings_access_oidc_allowed_emails\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`settings_access_oidc_allowed_emails_parent_id_idx\` ON \`settings_access_oidc_allowed_emails\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`settings_access_oidc_allowed_groups\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`group\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`settings_access_oidc_allowed_groups_order_idx\` ON \`settings_access_oidc_allowed_groups\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`settings_access_oidc_allowed_groups_parent_id_idx\` ON \`settings_access_oidc_allowed_groups\` (\`_parent_id\`);`)
  // An empty page now means the default page's link: a deleted page's links go with it, never left empty.
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_access_links\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`label\` text NOT NULL,
  	\`page_id\` integer,
  	\`kind\` text DEFAULT 'share' NOT NULL,
  	\`expires_at\` text,
  	\`revoked\` integer DEFAULT false,
  	\`token_hash\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`page_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_access_links\`("id", "label", "page_id", "kind", "expires_at", "revoked", "token_hash", "updated_at", "created_at") SELECT "id", "label", "page_id", "kind", "expires_at", "revoked", "token_hash", "updated_at", "created_at" FROM \`access_links\`;`)
  await db.run(sql`DROP TABLE \`access_links\`;`)
  await db.run(sql`ALTER TABLE \`__new_access_links\` RENAME TO \`access_links\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`access_links_page_idx\` ON \`access_links\` (\`page_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`access_links_token_hash_idx\` ON \`access_links\` (\`token_hash\`);`)
  await db.run(sql`CREATE INDEX \`access_links_updated_at_idx\` ON \`access_links\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`access_links_created_at_idx\` ON \`access_links\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`access_mode\` text DEFAULT 'public';`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`access_oidc_issuer\` text;`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`access_oidc_client_id\` text;`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`access_oidc_client_secret\` text;`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`access_oidc_label\` text;`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`access_oidc_scopes\` text DEFAULT 'openid email profile';`)
  await db.run(sql`ALTER TABLE \`settings\` ADD \`access_oidc_groups_claim\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`settings_access_passwords\`;`)
  await db.run(sql`DROP TABLE \`settings_access_networks\`;`)
  await db.run(sql`DROP TABLE \`settings_access_oidc_allowed_domains\`;`)
  await db.run(sql`DROP TABLE \`settings_access_oidc_allowed_emails\`;`)
  await db.run(sql`DROP TABLE \`settings_access_oidc_allowed_groups\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_access_links\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`label\` text NOT NULL,
  	\`page_id\` integer NOT NULL,
  	\`kind\` text DEFAULT 'share' NOT NULL,
  	\`expires_at\` text,
  	\`revoked\` integer DEFAULT false,
  	\`token_hash\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`page_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`INSERT INTO \`__new_access_links\`("id", "label", "page_id", "kind", "expires_at", "revoked", "token_hash", "updated_at", "created_at") SELECT "id", "label", "page_id", "kind", "expires_at", "revoked", "token_hash", "updated_at", "created_at" FROM \`access_links\`;`)
  await db.run(sql`DROP TABLE \`access_links\`;`)
  await db.run(sql`ALTER TABLE \`__new_access_links\` RENAME TO \`access_links\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`access_links_page_idx\` ON \`access_links\` (\`page_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`access_links_token_hash_idx\` ON \`access_links\` (\`token_hash\`);`)
  await db.run(sql`CREATE INDEX \`access_links_updated_at_idx\` ON \`access_links\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`access_links_created_at_idx\` ON \`access_links\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`access_mode\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`access_oidc_issuer\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`access_oidc_client_id\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`access_oidc_client_secret\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`access_oidc_label\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`access_oidc_scopes\`;`)
  await db.run(sql`ALTER TABLE \`settings\` DROP COLUMN \`access_oidc_groups_claim\`;`)
}
