/**
 * One writer at a time per service's status. A resolve reads the other holds on a service and then writes what
 * remains; two resolves at once on PostgreSQL (read committed) would each see the other still open, and leave the
 * service in a status nothing holds. Taking a transaction-scoped advisory lock per service, in id
 * order, before reading makes them run one after the other: the second reads what the first committed. SQLite
 * runs writes one at a time already (no transactions in Payload's adapter there), so there is nothing to take.
 */
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { PayloadRequest } from 'payload'

import { postgresTransaction } from '@/db/sql'

/** The lock space of service statuses (pg_advisory_xact_lock's first key), apart from any other advisory lock. */
const SERVICE_STATUS_LOCKS = 0x5e7c

/** Waits for, then holds until the request's transaction ends, the status lock of each service. */
export async function lockServiceStatuses(req: PayloadRequest, services: Iterable<number>): Promise<void> {
  const db = await postgresTransaction(req)
  if (!db) return
  for (const id of [...new Set(services)].sort((a, b) => a - b)) {
    await db.execute(sql`SELECT pg_advisory_xact_lock(${SERVICE_STATUS_LOCKS}, ${id})`)
  }
}
