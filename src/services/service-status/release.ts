/**
 * An incident resolved or a maintenance ended: each service it changed goes back to what it would be without it
 * (src/domain/service-status-change.ts statusWithout), through the chokepoint, in the caller's transaction.
 */
import type { PayloadRequest, Where } from 'payload'

import { relationId } from '@/db/relation-id'
import { ACTIVE_INCIDENT_STATUSES } from '@/domain/incident-status'

import {
  HOLD_SOURCES,
  type HoldSource,
  incidentClaims,
  statusWithout,
  type StatusChangeRow,
  type StatusHold,
} from '@/domain/service-status-change'
import type { ServiceStatus, StatusChangeSource } from '@/domain/statuses'

import { changeServiceStatuses, type StatusChangeOrigin } from './change'
import { incidentUpdatesWithClaims } from './entries'
import { lockServiceStatuses } from './lock'

export interface Holder {
  source: HoldSource
  ref: string
  /** The holder's document id, to leave it out of the other holds. */
  id: number
  /** Services the holder said something about (its updates' serviceStatuses, or a maintenance's services). */
  claims: Map<number, Date | null>
}

const HISTORY = 'service-status-changes'

/** The service's history from its latest baseline change on, in the order written. */
async function historySinceBaseline(req: PayloadRequest, service: number): Promise<StatusChangeRow[]> {
  const base = await req.payload.find({
    collection: HISTORY,
    where: { and: [{ service: { equals: service } }, { source: { not_in: [...HOLD_SOURCES] } }] },
    sort: '-id',
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const where: Where = { service: { equals: service } }
  if (base.docs[0]) where.id = { greater_than_equal: base.docs[0].id }
  const { docs } = await req.payload.find({
    collection: HISTORY,
    where,
    sort: 'id',
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return docs.map((doc) => ({
    fromStatus: (doc.fromStatus ?? null) as ServiceStatus | null,
    toStatus: doc.toStatus as ServiceStatus,
    at: new Date(doc.at),
    source: doc.source as StatusChangeSource,
    sourceRef: doc.sourceRef ?? null,
  }))
}

/** The holds in force on a service: open incidents' claims, running maintenances that put it under maintenance. */
async function holdsOn(req: PayloadRequest, service: number, released: Holder): Promise<StatusHold[]> {
  const holds: StatusHold[] = []
  const incidents = await req.payload.find({
    collection: 'incidents',
    // A draft holds nothing: it has not set anything yet (src/fields/draft.ts).
    where: {
      and: [
        { draft: { not_equals: true } },
        { status: { in: [...ACTIVE_INCIDENT_STATUSES] } },
        { 'updates.serviceStatuses.service': { equals: service } },
      ],
    },
    select: { shortId: true, updates: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  for (const incident of incidents.docs) {
    if (released.source === 'incident' && incident.id === released.id) continue
    const claim = incidentClaims(incidentUpdatesWithClaims(incident.updates)).get(service)
    if (claim)
      holds.push({
        source: 'incident',
        ref: String(incident.shortId),
        status: claim.status,
        claimedAt: claim.claimedAt,
      })
  }
  const maintenances = await req.payload.find({
    collection: 'maintenances',
    where: {
      and: [
        { draft: { not_equals: true } },
        { status: { equals: 'in_progress' } },
        { setServicesUnderMaintenance: { equals: true } },
        { affectedServices: { in: [service] } },
      ],
    },
    select: { shortId: true, scheduledStartAt: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  for (const maintenance of maintenances.docs) {
    if (released.source === 'maintenance' && maintenance.id === released.id) continue
    holds.push({
      source: 'maintenance',
      ref: String(maintenance.shortId),
      status: 'maintenance',
      claimedAt: new Date(maintenance.scheduledStartAt),
    })
  }
  return holds
}

/** Services the holder's history rows name. */
async function servicesChangedBy(req: PayloadRequest, holder: Holder): Promise<number[]> {
  const { docs } = await req.payload.find({
    collection: HISTORY,
    where: { and: [{ source: { equals: holder.source } }, { sourceRef: { equals: holder.ref } }] },
    select: { service: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return docs.map((doc) => relationId(doc.service)).filter((id): id is number => id !== null)
}

export interface PlannedChange {
  service: number
  from: ServiceStatus
  to: ServiceStatus
}

/** What giving back would change now: the services `holder` holds whose status would move, and to what. */
export async function planRelease(req: PayloadRequest, holder: Holder): Promise<PlannedChange[]> {
  const services = [...new Set<number>([...holder.claims.keys(), ...(await servicesChangedBy(req, holder))])]
  if (services.length === 0) return []
  // Before reading the other holds: a release running at the same time finishes first, and is seen.
  await lockServiceStatuses(req, services)
  const current = await req.payload.find({
    collection: 'services',
    where: { id: { in: services } },
    select: { status: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const statusOf = new Map(current.docs.map((doc) => [doc.id, doc.status as ServiceStatus]))
  const plan: PlannedChange[] = []
  for (const service of services) {
    const from = statusOf.get(service)
    if (!from) continue
    // One after the other: on PostgreSQL these share the request's transaction, one connection.
    const rows = await historySinceBaseline(req, service)
    const others = await holdsOn(req, service, holder)
    const to = statusWithout(
      { source: holder.source, ref: holder.ref, claimedAt: holder.claims.get(service) ?? null },
      rows,
      others,
    )
    if (to && to !== from) plan.push({ service, from, to })
  }
  return plan
}

/**
 * What each service would be without `holder`, by the release rule (the other holds, else the history's baseline);
 * a service the rule has no answer for keeps its current status. For services an automated incident stops
 * claiming while it stays open (one alert of a group recovered).
 */
export async function statusesWithout(
  req: PayloadRequest,
  holder: Holder,
  services: readonly number[],
): Promise<Map<number, ServiceStatus>> {
  const result = new Map<number, ServiceStatus>()
  if (services.length === 0) return result
  await lockServiceStatuses(req, services)
  const current = await req.payload.find({
    collection: 'services',
    where: { id: { in: [...services] } },
    select: { status: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  for (const doc of current.docs) {
    const rows = await historySinceBaseline(req, doc.id)
    const others = await holdsOn(req, doc.id, holder)
    result.set(
      doc.id,
      statusWithout(
        { source: holder.source, ref: holder.ref, claimedAt: holder.claims.get(doc.id) ?? null },
        rows,
        others,
      ) ?? (doc.status as ServiceStatus),
    )
  }
  return result
}

/** The statuses other open incidents and running maintenances hold each service at (for automation, which never improves them). */
export async function otherHolds(
  req: PayloadRequest,
  holder: Holder,
  services: readonly number[],
): Promise<Map<number, ServiceStatus[]>> {
  const result = new Map<number, ServiceStatus[]>()
  await lockServiceStatuses(req, services)
  for (const service of services)
    result.set(
      service,
      (await holdsOn(req, service, holder)).map((hold) => hold.status),
    )
  return result
}

/** Gives back every service `holder` holds; returns the services whose status changed. */
export async function releaseServices(
  req: PayloadRequest,
  holder: Holder,
  origin: StatusChangeOrigin,
): Promise<number[]> {
  const plan = await planRelease(req, holder)
  return changeServiceStatuses(
    req,
    plan.map(({ service, to }) => ({ service, status: to })),
    origin,
  )
}
