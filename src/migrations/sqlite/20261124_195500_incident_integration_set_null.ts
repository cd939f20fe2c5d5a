import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-sqlite'

/**
 * incidents.integration_id gets ON DELETE SET NULL, as on PostgreSQL: SQLite's ALTER TABLE ADD in
 * 20261123_184236_integrations made the reference without an action, so an integration that had opened an
 * incident could not be deleted (a foreign key failure). SQLite cannot alter a constraint; its documented way for
 * a change that leaves the stored rows as they are is to edit the table's definition in the schema table and bump
 * the schema version (https://www.sqlite.org/lang_altertable.html, "making other kinds of table schema changes").
 */
const WITHOUT = '`integration_id` integer REFERENCES integrations(id)'
const WITH = '`integration_id` integer REFERENCES integrations(id) ON DELETE SET NULL'

async function rewrite(db: MigrateUpArgs['db'], from: string, to: string): Promise<void> {
  const [{ schema_version: version }] = await db.all<{ schema_version: number }>(sql`PRAGMA schema_version`)
  await db.run(sql`PRAGMA writable_schema = ON`)
  await db.run(sql`UPDATE sqlite_master SET sql = replace(sql, ${from}, ${to}) WHERE type = 'table' AND name = 'incidents' AND instr(sql, ${to}) = 0`)
  await db.run(sql.raw(`PRAGMA schema_version = ${Number(version) + 1}`))
  await db.run(sql`PRAGMA writable_schema = OFF`)
}

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await rewrite(db, WITHOUT, WITH)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await rewrite(db, WITH, WITHOUT)
}
