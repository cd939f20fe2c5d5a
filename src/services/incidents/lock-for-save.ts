/**
 * A person's save of an incident's updates, made against the incident as it is now: the incident's row is locked
 * for the rest of the save's transaction (PostgreSQL; `SELECT … FOR UPDATE`), and its updates are read again under
 * that lock. A writer that commits first (the monitoring integration, another person) is then seen, and one that
 * comes later waits for this save. SQLite has no row locks and runs Payload without transactions: the fresh read
 * still shows what was saved since Payload read the document.
 */
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { PayloadRequest } from 'payload'

import { postgresTransaction } from '@/db/sql'

import { incidentUpdateRows, type IncidentUpdateRow } from './update-rows'

export async function lockIncidentForSave(req: PayloadRequest, id: number): Promise<IncidentUpdateRow[]> {
  const db = await postgresTransaction(req)
  if (db) await db.execute(sql`SELECT id FROM incidents WHERE id = ${id} FOR UPDATE`)
  const stored = await req.payload.findByID({
    collection: 'incidents',
    id,
    select: { updates: true },
    showHiddenFields: true,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    req,
  })
  return incidentUpdateRows(stored)
}
