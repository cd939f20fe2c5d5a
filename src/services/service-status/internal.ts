/**
 * What the status verbs of this folder share: an update's serviceStatuses read as entries, the holds on a service
 * and what it would be without one of them, and the per-service status lock.
 */
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { PayloadRequest, Where } from 'payload'

import { relationId, relationIds } from '@/db/relation-id'
import { postgresTransaction } from '@/db/sql'
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

export interface ServiceStatusEntry {
  service: number
  status: ServiceStatus
}

/** An update's serviceStatuses as ids and statuses, leaving out entries whose service is gone. */
export function serviceStatusEntries(value: unknown): ServiceStatusEntry[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((entry) => {
    const service = relationId((entry as { service?: unknown } | null)?.service)
    const status = (entry as { status?: unknown } | null)?.status
    return service !== null && typeof status === 'string' ? [{ service, status: status as ServiceStatus }] : []
  })
}

/** An incident's stored updates, in the shape the claim rule reads. */
export function incidentUpdatesWithClaims(
  updates: unknown,
): { createdAt: string; serviceStatuses: ServiceStatusEntry[] }[] {
  if (!Array.isArray(updates)) return []
  return updates.map((update) => ({
    createdAt: String((update as { createdAt?: unknown }).createdAt ?? ''),
    serviceStatuses: serviceStatusEntries((update as { serviceStatuses?: unknown }).serviceStatuses),
  }))
}

/** The lock space of service statuses (pg_advisory_xact_lock's first key), apart from any other advisory lock. */
const SERVICE_STATUS_LOCKS = 0x5e7c

/**
 * One writer at a time per service's status. A resolve reads the other holds on a service and then writes what
 * remains; two resolves at once on PostgreSQL (read committed) would each see the other still open, and leave the
 * service in a status nothing holds. Taking a transaction-scoped advisory lock per service, in id
 * order, before reading makes them run one after the other: the second reads what the first committed. SQLite
 * runs writes one at a time already (no transactions in Payload's adapter there), so there is nothing to take.
 *
 * Waits for, then holds until the request's transaction ends, the status lock of each service.
 */
export async function lockServiceStatuses(req: PayloadRequest, services: Iterable<number>): Promise<void> {
  const db = await postgresTransaction(req)
  if (!db) return
  for (const id of [...new Set(services)].sort((a, b) => a - b)) {
    await db.execute(sql`SELECT pg_advisory_xact_lock(${SERVICE_STATUS_LOCKS}, ${id})`)
  }
}

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
export async function historySinceBaseline(req: PayloadRequest, service: number): Promise<StatusChangeRow[]> {
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
export async function holdsOn(req: PayloadRequest, service: number, released: Holder): Promise<StatusHold[]> {
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
export async function servicesChangedBy(req: PayloadRequest, holder: Holder): Promise<number[]> {
  const { docs } = await req.payload.find({
    collection: HISTORY,
    where: { and: [{ source: { equals: holder.source } }, { sourceRef: { equals: holder.ref } }] },
    select: { service: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return relationIds(docs.map((doc) => doc.service))
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
