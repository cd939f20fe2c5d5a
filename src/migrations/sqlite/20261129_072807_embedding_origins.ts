import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`pages_embedding_origins\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`origin\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`pages_embedding_origins_order_idx\` ON \`pages_embedding_origins\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`pages_embedding_origins_parent_id_idx\` ON \`pages_embedding_origins\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`settings_embedding_origins\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`origin\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`settings_embedding_origins_order_idx\` ON \`settings_embedding_origins\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`settings_embedding_origins_parent_id_idx\` ON \`settings_embedding_origins\` (\`_parent_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`pages_embedding_origins\`;`)
  await db.run(sql`DROP TABLE \`settings_embedding_origins\`;`)
}
