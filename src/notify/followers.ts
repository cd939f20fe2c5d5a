/**
 * Subscriptions that follow one incident (docs/notifications.md, "Following one incident") end when it is resolved,
 * as Statuspage's incident subscriptions do: once its resolution has gone out to them (the delivery job calls this
 * when an `incident_resolved` notification has every delivery's outcome), or at once when it resolves without one
 * (an update with "notify" off), or when the incident is deleted. Ended: inactive, with the time, so nothing more is
 * sent; the address may follow another incident, or this one again should it be reopened.
 */
import { and, eq } from '@payloadcms/db-sqlite/drizzle'
import type { Payload, PayloadRequest } from 'payload'

import { connectionFor, tableOf } from '@/db/sql'

/**
 * Ends every active subscription that follows incident `incidentId` (pending ones included), in `req`'s transaction
 * when it has one; returns how many. One statement, not Payload's update: that reads and writes each of an incident's
 * thousands of followers in turn, running hooks that change nothing here (tokens, the one-per-address check).
 */
export async function endFollowers(
  payload: Payload,
  incidentId: number,
  now = new Date(),
  req?: PayloadRequest,
): Promise<number> {
  const db = await connectionFor(payload, req)
  const t = tableOf(payload, 'subscribers')
  const stamp = now.toISOString()
  const ended: { id: number }[] = await db
    .update(t)
    .set({ active: false, unsubscribedAt: stamp, updatedAt: stamp })
    .where(and(eq(t.incidentKey, incidentId), eq(t.active, true)))
    .returning({ id: t.id })
  return ended.length
}

/** After an incident's resolution was sent: its followers end, unless it was reopened meanwhile. */
export async function endFollowersOfResolved(payload: Payload, incidentId: number, now = new Date()): Promise<void> {
  const incident = await payload.findByID({
    collection: 'incidents',
    id: incidentId,
    select: { status: true },
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })
  // Deleted meanwhile: its followers were ended with it (src/collections/Incidents/hooks/end-followers.ts).
  if (incident?.status === 'resolved') await endFollowers(payload, incidentId, now)
}
