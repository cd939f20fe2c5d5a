/** What the subscription verbs share: finding a subscriber, the services a request names, and the recipient lock. */
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload, PayloadRequest, Where } from 'payload'

import { postgresTransaction } from '@/db/sql'
import type { ConfirmationRecipient } from '@/domain/subscription-request'
import { BadRequest } from '@/errors'
import type { Subscriber } from '@/payload-types'

export class UnknownServices extends BadRequest {
  constructor(readonly slugs: string[]) {
    super(`services: no service has the slug ${slugs.map((s) => `"${s}"`).join(', ')}`)
  }
}

/**
 * The ids of the services the request names; UnknownServices when a slug has none, or names a service the page
 * does not show (`shown`; null: every service).
 */
export async function serviceIds(
  req: PayloadRequest,
  slugs: string[],
  shown: ReadonlySet<number> | null = null,
): Promise<number[]> {
  if (slugs.length === 0) return []
  const { docs } = await req.payload.find({
    collection: 'services',
    where: { slug: { in: slugs } },
    select: { slug: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const known = docs.filter((doc) => !shown || shown.has(doc.id))
  const missing = slugs.filter((slug) => !known.some((doc) => doc.slug === slug))
  if (missing.length) throw new UnknownServices(missing)
  return known.map((doc) => doc.id)
}

export async function findSubscriber(payload: Payload, where: Where, req?: PayloadRequest): Promise<Subscriber | null> {
  const { docs } = await payload.find({
    collection: 'subscribers',
    where,
    limit: 1,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    showHiddenFields: true,
    req,
  })
  return docs[0] ?? null
}

/** The lock space of confirmation recipients (pg_advisory_xact_lock's first key), apart from any other advisory lock. */
const RECIPIENT_LOCKS = 0x5c0f

/**
 * One subscribe request at a time per confirmation recipient. The resend interval is a read (was this inbox asked
 * lately?) before a write; two requests for one inbox at once on PostgreSQL (read committed) would each read that
 * it was not, and both send. A transaction-scoped advisory lock on the recipient makes the second wait and read
 * what the first committed, as lockServiceStatuses (src/services/service-status/internal.ts) does for service statuses. SQLite has no such
 * lock: its one instance does not hold apart two requests for one inbox that arrive at the same moment.
 *
 * Waits for, then holds until the request's transaction ends, the lock of this recipient.
 */
export async function lockRecipient(req: PayloadRequest, recipient: ConfirmationRecipient): Promise<void> {
  const db = await postgresTransaction(req)
  if (!db) return
  const key = `${recipient.kind}:${recipient.address}`
  await db.execute(sql`SELECT pg_advisory_xact_lock(${RECIPIENT_LOCKS}, hashtext(${key}))`)
}
