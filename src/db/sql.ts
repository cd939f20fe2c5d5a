/**
 * The adapter's drizzle instance, for the few statements Payload's Local API cannot express: bulk inserts, atomic
 * claims, `ON CONFLICT DO NOTHING`. Both adapters expose the same query builder over the tables Payload generated
 * from the collections; its SQLite typing stands in for both (the calls used have the same shape on PostgreSQL).
 */
import type { SQL } from '@payloadcms/db-sqlite/drizzle'
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

/**
 * The rows of a read-only raw statement, on either adapter (SQLite's drizzle answers `all`, PostgreSQL's `execute`).
 * For reads that need only a few columns of many rows: Payload's find builds whole documents.
 */
export async function readRows<T>(payload: Payload, query: SQL): Promise<T[]> {
  const db = (payload.db as unknown as DrizzleAdapter).drizzle
  if (typeof db.all === 'function') return (await db.all(query)) as T[]
  return ((await db.execute(query)) as { rows: T[] }).rows
}
