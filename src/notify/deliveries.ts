/**
 * The delivery rows of a notification, written with single SQL statements on the adapter's drizzle instance: a large
 * fan-out needs bulk inserts and atomic claims, which Payload's update (a select, then an update per row) cannot
 * give. The claim (`pending` → `sending` in one conditional UPDATE; only its winner sends) is the whole at-most-once
 * guarantee. docs/architecture.md, "Subscriptions and notifications" (At most once).
 */
import { and, asc, count, eq, inArray, isNotNull, lte, min, or, sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import type { Channel, DeliveryStatus } from '@/domain/notifications'

import { connectionFor, type Table, tableOf } from '@/db/sql'

async function store(payload: Payload) {
  return { db: await connectionFor(payload), t: tableOf(payload, 'notification_deliveries') }
}

export interface Recipient {
  subscriberId: number
  channel: Channel
  address: string
}

export interface ClaimedDelivery {
  id: number
  subscriberId: number | null
  channel: Channel
  address: string | null
  attempts: number
}

const INSERT_CHUNK = 500

/** Creates a pending row per recipient; rows that exist already (an earlier run) are left as they are. */
export async function insertDeliveries(
  payload: Payload,
  notificationId: number,
  recipients: Recipient[],
  now = new Date(),
): Promise<void> {
  const { db, t } = await store(payload)
  const stamp = now.toISOString()
  for (let i = 0; i < recipients.length; i += INSERT_CHUNK) {
    const rows = recipients.slice(i, i + INSERT_CHUNK).map((r) => ({
      notification: notificationId,
      subscriber: r.subscriberId,
      channel: r.channel,
      address: r.address,
      status: 'pending',
      attempts: 0,
      createdAt: stamp,
      updatedAt: stamp,
    }))
    await db.insert(t).values(rows).onConflictDoNothing()
  }
}

/** Rows that may be claimed now: pending ones, and failed ones whose retry time has come. */
function claimable(t: Table, now: string) {
  return or(eq(t.status, 'pending'), and(eq(t.status, 'failed'), isNotNull(t.nextAttemptAt), lte(t.nextAttemptAt, now)))
}

/** Claims up to `size` deliveries of a notification for this caller, oldest first. */
export async function claimDeliveries(
  payload: Payload,
  notificationId: number,
  size: number,
  now = new Date(),
): Promise<ClaimedDelivery[]> {
  const { db, t } = await store(payload)
  const stamp = now.toISOString()
  const candidates: { id: number }[] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.notification, notificationId), claimable(t, stamp)))
    .orderBy(asc(t.id))
    .limit(size)
  if (candidates.length === 0) return []
  const claimed: {
    id: number
    subscriber: number | null
    channel: Channel
    address: string | null
    attempts: unknown
  }[] = await db
    .update(t)
    .set({ status: 'sending', claimedAt: stamp, updatedAt: stamp, attempts: sql`coalesce(${t.attempts}, 0) + 1` })
    // The status condition again: between the select and this update another runner may have claimed a row.
    .where(
      and(
        inArray(
          t.id,
          candidates.map((c) => c.id),
        ),
        claimable(t, stamp),
      ),
    )
    .returning({ id: t.id, subscriber: t.subscriber, channel: t.channel, address: t.address, attempts: t.attempts })
  return claimed
    .map((row) => ({
      id: row.id,
      subscriberId: row.subscriber,
      channel: row.channel,
      address: row.address,
      attempts: Number(row.attempts),
    }))
    .sort((a, b) => a.id - b.id)
}

async function finish(payload: Payload, id: number, values: Record<string, unknown>): Promise<void> {
  const { db, t } = await store(payload)
  await db
    .update(t)
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where(and(eq(t.id, id), eq(t.status, 'sending')))
}

export const markSent = (payload: Payload, id: number, at = new Date()) =>
  finish(payload, id, { status: 'sent', sentAt: at.toISOString(), lastError: null, nextAttemptAt: null })

/** A failed attempt: retried at `retryAt`, or left failed for good when it is null. */
export const markFailed = (payload: Payload, id: number, error: string, retryAt: Date | null) =>
  finish(payload, id, {
    status: 'failed',
    lastError: error.slice(0, 500),
    nextAttemptAt: retryAt?.toISOString() ?? null,
  })

/** Not sent, and never will be: the subscriber left or lost its address after the notification was queued. */
export const markSkipped = (payload: Payload, id: number, reason: string) =>
  finish(payload, id, { status: 'skipped', lastError: reason, nextAttemptAt: null })

/** The send failed after the message may have left (a timeout waiting for the answer): never sent again. */
export const markInterrupted = (payload: Payload, id: number, reason: string) =>
  finish(payload, id, { status: 'interrupted', lastError: reason.slice(0, 500), nextAttemptAt: null })

/**
 * A claimed delivery handed back unsent, because its run's time was up before its send could start: claimable again
 * by the continuation, and the attempt it never made not counted. Nothing left, so nothing can arrive twice.
 */
export async function releaseClaim(payload: Payload, id: number): Promise<void> {
  const { db, t } = await store(payload)
  await db
    .update(t)
    .set({
      status: 'pending',
      claimedAt: null,
      attempts: sql`${t.attempts} - 1`,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(t.id, id), eq(t.status, 'sending')))
}

/**
 * Deliveries claimed longer ago than `olderThan` belong to a process that died while sending them. Whether the
 * message left is unknowable, so they are marked interrupted and never sent again (at most once).
 */
export async function interruptAbandoned(payload: Payload, olderThan: Date, notificationId?: number): Promise<number> {
  const { db, t } = await store(payload)
  const conditions = [eq(t.status, 'sending'), lte(t.claimedAt, olderThan.toISOString())]
  if (notificationId !== undefined) conditions.push(eq(t.notification, notificationId))
  const rows: unknown[] = await db
    .update(t)
    .set({
      status: 'interrupted',
      lastError: 'The process stopped while sending; not sent again, so nobody receives it twice.',
      updatedAt: new Date().toISOString(),
    })
    .where(and(...conditions))
    .returning({ id: t.id })
  return rows.length
}

export type DeliveryCounts = Record<DeliveryStatus, number>

export async function deliveryCounts(payload: Payload, notificationId: number): Promise<DeliveryCounts> {
  const { db, t } = await store(payload)
  const rows: { status: DeliveryStatus; n: unknown }[] = await db
    .select({ status: t.status, n: count() })
    .from(t)
    .where(eq(t.notification, notificationId))
    .groupBy(t.status)
  const counts: DeliveryCounts = { pending: 0, sending: 0, sent: 0, failed: 0, interrupted: 0, skipped: 0 }
  for (const row of rows) counts[row.status] = Number(row.n)
  return counts
}

/** When the next failed delivery of a notification may be retried; null when none will be. */
/** When the oldest delivery still sending was claimed: a run that sees it can tell when its holder counts as dead. */
export async function oldestClaimAt(payload: Payload, notificationId: number): Promise<Date | null> {
  const { db, t } = await store(payload)
  const [row]: { at: string | null }[] = await db
    .select({ at: min(t.claimedAt) })
    .from(t)
    .where(and(eq(t.notification, notificationId), eq(t.status, 'sending')))
  return row?.at ? new Date(row.at) : null
}

export async function nextRetryAt(payload: Payload, notificationId: number): Promise<Date | null> {
  const { db, t } = await store(payload)
  const [row]: { at: string | null }[] = await db
    .select({ at: min(t.nextAttemptAt) })
    .from(t)
    .where(and(eq(t.notification, notificationId), eq(t.status, 'failed'), isNotNull(t.nextAttemptAt)))
  return row?.at ? new Date(row.at) : null
}
