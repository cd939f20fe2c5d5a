/**
 * Writes one audit entry: a single INSERT through the adapter's drizzle instance, on the connection of the write's
 * own transaction (PostgreSQL), so the entry commits or rolls back with the change it describes. Payload's create
 * would read the row back and run hooks: one statement is what a write can afford.
 */
import type { PayloadRequest } from 'payload'

import { connectionFor, tableOf } from '@/db/sql'
import type { AuditAction, AuditChanges } from '@/domain/audit'
import { type AuditActor, actorOf } from './actor'

export const AUDIT_TABLE = 'audit_log'

export interface AuditEntry {
  action: AuditAction
  /** The collection's or global's slug. */
  collection: string
  documentId?: number | null
  changes?: AuditChanges | null
  /** Who, when it is not the request's writer (a sign-in's user, a failed sign-in's typed address). */
  actor?: AuditActor
}

/** Longer values are cut: the log keeps who, not whatever a client typed into a login form. */
const MAX_TEXT = 320
const cut = (text: string | null | undefined) => (text == null ? null : text.slice(0, MAX_TEXT))

/**
 * `outsideTransaction`: for what is recorded because a request failed (a failed sign-in), whose transaction is
 * rolled back; the entry then commits on its own.
 */
export async function writeAuditEntry(
  req: PayloadRequest,
  entry: AuditEntry,
  { outsideTransaction = false }: { outsideTransaction?: boolean } = {},
): Promise<void> {
  const actor = entry.actor ?? actorOf(req)
  const db = await connectionFor(req.payload, outsideTransaction ? undefined : req)
  const at = new Date().toISOString()
  const documentId = typeof entry.documentId === 'number' ? entry.documentId : Number(entry.documentId) || null
  await db.insert(tableOf(req.payload, AUDIT_TABLE)).values({
    actorType: actor.type,
    actor: cut(actor.name) ?? 'system',
    userId: actor.userId ?? null,
    address: cut(actor.address),
    action: entry.action,
    collection: entry.collection,
    documentId,
    changes: entry.changes && Object.keys(entry.changes).length > 0 ? entry.changes : null,
    createdAt: at,
    updatedAt: at,
  })
}
