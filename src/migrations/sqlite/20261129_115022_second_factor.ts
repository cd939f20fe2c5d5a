import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`settings_second_factor_roles\` (
  	\`order\` integer NOT NULL,
  	\`parent_id\` integer NOT NULL,
  	\`value\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`settings_second_factor_roles_order_idx\` ON \`settings_second_factor_roles\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`settings_second_factor_roles_parent_idx\` ON \`settings_second_factor_roles\` (\`parent_id\`);`)
  await db.run(sql`ALTER TABLE \`users\` ADD \`second_factor\` text;`)
  await db.run(sql`ALTER TABLE \`users\` ADD \`second_factor_on\` integer DEFAULT false;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`settings_second_factor_roles\`;`)
  await db.run(sql`ALTER TABLE \`users\` DROP COLUMN \`second_factor\`;`)
  await db.run(sql`ALTER TABLE \`users\` DROP COLUMN \`second_factor_on\`;`)
}
