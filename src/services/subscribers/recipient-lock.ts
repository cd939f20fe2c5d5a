/**
 * One subscribe request at a time per confirmation recipient. The resend interval is a read (was this inbox asked
 * lately?) before a write; two requests for one inbox at once on PostgreSQL (read committed) would each read that
 * it was not, and both send. A transaction-scoped advisory lock on the recipient makes the second wait and read
 * what the first committed, as src/services/service-status/lock.ts does for service statuses. SQLite has no such
 * lock: its one instance does not hold apart two requests for one inbox that arrive at the same moment.
 */
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { PayloadRequest } from 'payload'

import { postgresTransaction } from '@/db/sql'
import type { ConfirmationRecipient } from '@/domain/subscription-request'

/** The lock space of confirmation recipients (pg_advisory_xact_lock's first key), apart from any other advisory lock. */
const RECIPIENT_LOCKS = 0x5c0f

/** Waits for, then holds until the request's transaction ends, the lock of this recipient. */
export async function lockRecipient(req: PayloadRequest, recipient: ConfirmationRecipient): Promise<void> {
  const db = await postgresTransaction(req)
  if (!db) return
  const key = `${recipient.kind}:${recipient.address}`
  await db.execute(sql`SELECT pg_advisory_xact_lock(${RECIPIENT_LOCKS}, hashtext(${key}))`)
}
