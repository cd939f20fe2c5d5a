import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`pages_access_oidc_allowed_domains\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`domain\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`pages_access_oidc_allowed_domains_order_idx\` ON \`pages_access_oidc_allowed_domains\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`pages_access_oidc_allowed_domains_parent_id_idx\` ON \`pages_access_oidc_allowed_domains\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`pages_access_oidc_allowed_emails\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`email\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`pages_access_oidc_allowed_emails_order_idx\` ON \`pages_access_oidc_allowed_emails\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`pages_access_oidc_allowed_emails_parent_id_idx\` ON \`pages_access_oidc_allowed_emails\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`pages_access_oidc_allowed_groups\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`group\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`pages_access_oidc_allowed_groups_order_idx\` ON \`pages_access_oidc_allowed_groups\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`pages_access_oidc_allowed_groups_parent_id_idx\` ON \`pages_access_oidc_allowed_groups\` (\`_parent_id\`);`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`access_oidc_issuer\` text;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`access_oidc_client_id\` text;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`access_oidc_client_secret\` text;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`access_oidc_label\` text;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`access_oidc_scopes\` text DEFAULT 'openid email profile';`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`access_oidc_groups_claim\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`pages_access_oidc_allowed_domains\`;`)
  await db.run(sql`DROP TABLE \`pages_access_oidc_allowed_emails\`;`)
  await db.run(sql`DROP TABLE \`pages_access_oidc_allowed_groups\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`access_oidc_issuer\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`access_oidc_client_id\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`access_oidc_client_secret\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`access_oidc_label\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`access_oidc_scopes\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`access_oidc_groups_claim\`;`)
}
