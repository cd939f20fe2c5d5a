/**
 * The adapter's drizzle instance, for the few statements Payload's Local API cannot express: bulk inserts, atomic
 * claims, `ON CONFLICT DO NOTHING`. Both adapters expose the same query builder over the tables Payload generated
 * from the collections; its SQLite typing stands in for both (the calls used have the same shape on PostgreSQL).
 */
import { type SQL, sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload, PayloadRequest } from 'payload'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = any
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Table = any

interface DrizzleAdapter {
  drizzle: Db
  tables: Record<string, Table>
  sessions?: Record<string | number, { db: Db } | undefined>
}

/** The table Payload generated for a collection (its slug in snake case). */
export function tableOf(payload: Payload, name: string): Table {
  return (payload.db as unknown as DrizzleAdapter).tables[name]
}

/**
 * The connection to write with: the request's open transaction when it has one (as Payload's own operations do),
 * so a statement here commits or rolls back with the write around it; else the adapter's own.
 */
export async function connectionFor(payload: Payload, req?: PayloadRequest): Promise<Db> {
  const adapter = payload.db as unknown as DrizzleAdapter
  const id = req?.transactionID ? await req.transactionID : undefined
  return (id !== undefined && adapter.sessions?.[id]?.db) || adapter.drizzle
}

/** SQLite's drizzle answers `all`, PostgreSQL's `execute`. */
const onSqlite = (payload: Payload): boolean =>
  typeof (payload.db as unknown as DrizzleAdapter).drizzle.all === 'function'

/**
 * The connection of the request's open transaction on PostgreSQL, for the locks that last until it ends (advisory
 * locks, `SELECT … FOR UPDATE`); null on SQLite, which runs Payload's writes one at a time without transactions,
 * and outside a transaction, where a lock would end with its own statement.
 */
export async function postgresTransaction(req: PayloadRequest): Promise<Db | null> {
  if (!req.transactionID || onSqlite(req.payload)) return null
  return connectionFor(req.payload, req)
}

/**
 * The rows of a read-only raw statement, on either adapter (SQLite's drizzle answers `all`, PostgreSQL's `execute`).
 * For reads that need only a few columns of many rows: Payload's find builds whole documents.
 */
export async function readRows<T>(payload: Payload, query: SQL): Promise<T[]> {
  const db = (payload.db as unknown as DrizzleAdapter).drizzle
  if (onSqlite(payload)) return (await db.all(query)) as T[]
  return ((await db.execute(query)) as { rows: T[] }).rows
}

/**
 * Every row of `table`, each as an array of `columns` in that order, aggregated by the database into one JSON value:
 * the driver then decodes one row instead of building an object per row (libsql defines every column of every row
 * as a property: about half of reading 1,000 services). Values come as JSON has them: numbers, strings, null; a
 * timestamp is ISO text on SQLite and ISO with an offset on PostgreSQL.
 */
export async function readTableAsArrays(
  payload: Payload,
  table: string,
  columns: readonly string[],
): Promise<unknown[][]> {
  const list = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  )
  const from = sql.identifier(table)
  const [row] = await readRows<{ rows: string }>(
    payload,
    onSqlite(payload)
      ? sql`SELECT json_group_array(json_array(${list})) AS "rows" FROM ${from}`
      : sql`SELECT coalesce(json_agg(json_build_array(${list})), '[]')::text AS "rows" FROM ${from}`,
  )
  return JSON.parse(row.rows) as unknown[][]
}
