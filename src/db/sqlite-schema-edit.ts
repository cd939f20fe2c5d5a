import type { MigrateUpArgs } from '@payloadcms/db-sqlite'
import { sql } from '@payloadcms/db-sqlite'

/**
 * Replaces text in one table's stored definition. SQLite cannot alter a constraint; its documented way for a change
 * that leaves the stored rows as they are (such as a foreign key's ON DELETE action) is to edit the table's
 * definition in the schema table and bump the schema version
 * (https://www.sqlite.org/lang_altertable.html, "making other kinds of table schema changes"). Running it twice
 * changes nothing: when `to` contains `from` (adding an action), a definition that already holds `to` is left alone.
 */
export async function editTableDefinition(
  db: MigrateUpArgs['db'],
  table: string,
  from: string,
  to: string,
): Promise<void> {
  const [{ schema_version: version }] = await db.all<{ schema_version: number }>(sql`PRAGMA schema_version`)
  await db.run(sql`PRAGMA writable_schema = ON`)
  const done = to.includes(from) ? sql`instr(sql, ${to}) > 0` : sql`instr(sql, ${from}) = 0`
  await db.run(
    sql`UPDATE sqlite_master SET sql = replace(sql, ${from}, ${to}) WHERE type = 'table' AND name = ${table} AND NOT (${done})`,
  )
  await db.run(sql.raw(`PRAGMA schema_version = ${Number(version) + 1}`))
  await db.run(sql`PRAGMA writable_schema = OFF`)
}
