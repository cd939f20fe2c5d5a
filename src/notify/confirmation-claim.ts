/**
 * A confirmation is claimed as a delivery is (src/notify/deliveries.ts): one conditional UPDATE of the subscriber
 * before anything is sent, and only the caller whose UPDATE changed the row sends. The claim names the request it
 * answers (the `confirmationRequestedAt` the subscribe wrote), so two runners of one job, or a job handed back by
 * the runner while its first run was still sending, never both send it, while a later request is a new claim.
 */
import { and, eq, isNull, lt, or } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { connectionFor, tableOf } from '@/db/sql'

async function store(payload: Payload) {
  return { db: await connectionFor(payload), t: tableOf(payload, 'subscribers') }
}

/** True for the one caller that may send the confirmation of this request. */
export async function claimConfirmation(payload: Payload, subscriberId: number, requestedAt: string): Promise<boolean> {
  const { db, t } = await store(payload)
  const rows: unknown[] = await db
    .update(t)
    .set({ confirmationClaimedFor: requestedAt })
    .where(and(eq(t.id, subscriberId), or(isNull(t.confirmationClaimedFor), lt(t.confirmationClaimedFor, requestedAt))))
    .returning({ id: t.id })
  return rows.length > 0
}

/** The send failed before the message left: the job's retry may claim it again. */
export async function releaseConfirmation(payload: Payload, subscriberId: number, requestedAt: string): Promise<void> {
  const { db, t } = await store(payload)
  await db
    .update(t)
    .set({ confirmationClaimedFor: null })
    .where(and(eq(t.id, subscriberId), eq(t.confirmationClaimedFor, requestedAt)))
}
