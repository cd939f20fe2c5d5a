/** What the subscription verbs share: finding a subscriber, the services a request names, and the recipient lock. */
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload, PayloadRequest, Where } from 'payload'

import { relationIds } from '@/db/relation-id'
import { postgresTransaction } from '@/db/sql'
import { forbiddenControlCharacter } from '@/domain/text'
import type { ConfirmationRecipient } from '@/domain/subscription-request'
import { BadRequest } from '@/errors'
import type { Incident, Subscriber } from '@/payload-types'
import { pageShows, scopeOfPage } from '@/settings/pages'

export class UnknownServices extends BadRequest {
  constructor(readonly slugs: string[]) {
    super(`services: no service has the slug ${slugs.map((s) => `"${s}"`).join(', ')}`)
  }
}

/** An incident a subscription cannot follow: none of that id on the page, or one already resolved (400, `incident`). */
export class NotFollowable extends BadRequest {
  constructor(
    readonly reason: 'unknown' | 'resolved',
    shortId: string,
  ) {
    super(
      reason === 'resolved'
        ? 'incident: this incident is resolved; there is nothing more to follow'
        : `incident: no incident has the id "${shortId}" on this page`,
      'incident',
    )
  }
}

/**
 * The incident a subscription may follow (docs/notifications.md, "Following one incident"): its id and status, when
 * it is published and the page (`pageId`; null: the default page) shows it; null otherwise.
 */
export async function incidentOnPage(
  payload: Payload,
  shortId: string,
  pageId: number | null,
): Promise<{ id: number; status: Incident['status'] } | null> {
  if (forbiddenControlCharacter(shortId)) return null
  const { docs } = await payload.find({
    collection: 'incidents',
    where: { and: [{ draft: { not_equals: true } }, { shortId: { equals: shortId } }] },
    limit: 1,
    pagination: false,
    depth: 0,
    select: { status: true, affectedServices: true, pages: true },
    overrideAccess: true,
  })
  const doc = docs[0]
  if (!doc) return null
  const membership = { serviceIds: relationIds(doc.affectedServices), pageIds: relationIds(doc.pages) }
  return (await pageShows(payload, await scopeOfPage(payload, pageId), membership))
    ? { id: doc.id, status: doc.status }
    : null
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
