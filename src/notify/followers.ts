/**
 * Subscriptions that follow one incident (docs/notifications.md, "Following one incident") end when it is resolved,
 * as Statuspage's incident subscriptions do: once its resolution has gone out to them (the delivery job calls this
 * when an `incident_resolved` notification has every delivery's outcome), or at once when it resolves without one
 * (an update with "notify" off), or when the incident is deleted. Ended: inactive, with the time, so nothing more is
 * sent; the address may follow another incident, or this one again should it be reopened.
 */
import type { Payload, PayloadRequest } from 'payload'

/** Ends every active subscription that follows incident `incidentId` (pending ones included); returns how many. */
export async function endFollowers(
  payload: Payload,
  incidentId: number,
  now = new Date(),
  req?: PayloadRequest,
): Promise<number> {
  const { docs } = await payload.update({
    collection: 'subscribers',
    where: { and: [{ incidentKey: { equals: incidentId } }, { active: { equals: true } }] },
    data: { active: false, unsubscribedAt: now.toISOString() },
    overrideAccess: true,
    depth: 0,
    req,
  })
  return docs.length
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
