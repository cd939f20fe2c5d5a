/**
 * The one way a service's status changes: every writer ends in Payload's update of the service, whose afterChange
 * hook (recordStatusChange) writes the history row in the same transaction, so a status and its history commit
 * together whatever path the write came by. Server code calls changeServiceStatuses with the change's source; a
 * write without one is an operator's (`manual`). docs/architecture.md, "Service statuses".
 */
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import { isStatusChange } from '@/domain/service-status-change'
import type { ServiceStatus, StatusChangeSource } from '@/domain/statuses'
import { announceServiceStatusChange } from '@/notify/events'
import { lockServiceStatuses } from './lock'

/** Where a change comes from, as its history row records it. */
export interface StatusChangeOrigin {
  source: Exclude<StatusChangeSource, 'initial'>
  /** The incident's or maintenance's shortId, or the integration's name. */
  sourceRef?: string | null
  /** The user who made the change; by default the request's user, if any. */
  user?: number | null
  /** When it happened; by default now. The maintenance job passes its clock. */
  at?: Date
}

export interface ServiceStatusChange {
  service: number
  status: ServiceStatus
}

const userOf = (req: PayloadRequest): number | null =>
  req.user && req.user.collection === 'users' && typeof req.user.id === 'number' ? req.user.id : null

async function writeRow(
  req: PayloadRequest,
  row: {
    service: number
    fromStatus: ServiceStatus | null
    toStatus: ServiceStatus
    source: StatusChangeSource
    sourceRef: string | null
    user: number | null
    at: Date
  },
): Promise<number> {
  const { id } = await req.payload.create({
    collection: 'service-status-changes',
    data: { ...row, at: row.at.toISOString() },
    overrideAccess: true,
    depth: 0,
    req,
  })
  return id
}

/**
 * The services collection's beforeChange hook: a write that sets the status, whoever makes it (an operator's PATCH,
 * the admin form, changeServiceStatuses), waits for the service's status lock and reads the status it replaces
 * under it. Payload's `previousDoc` was read before the lock: a resolve committed in between would leave the history
 * row's `from` wrong, and a resolve that read the status before this write would overwrite it without seeing it.
 */
export const lockStatusWrite: CollectionBeforeChangeHook = async ({ data, operation, originalDoc, req }) => {
  if (operation !== 'update' || data.status === undefined || typeof originalDoc?.id !== 'number') return data
  await lockServiceStatuses(req, [originalDoc.id])
  const current = await req.payload.findByID({
    collection: 'services',
    id: originalDoc.id,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    select: { status: true },
    req,
  })
  req.context.statusBefore = { ...req.context.statusBefore, [originalDoc.id]: current?.status as ServiceStatus }
  return data
}

/** The status this write replaced, as lockStatusWrite read it under the lock; once per write. */
function statusBefore(req: PayloadRequest, service: number, previous: unknown): ServiceStatus | null {
  const read = req.context.statusBefore?.[service]
  if (read !== undefined) delete req.context.statusBefore![service]
  return (read ?? previous ?? null) as ServiceStatus | null
}

/**
 * The services collection's afterChange hook: a created service starts its history (`initial`); an update that
 * changed the status records the change, with the origin changeServiceStatuses gave, else as an operator's.
 */
export const recordStatusChange: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (req.context?.skipStatusHistory) return doc
  const to = doc.status as ServiceStatus
  if (operation === 'create') {
    await writeRow(req, {
      service: doc.id,
      fromStatus: null,
      toStatus: to,
      source: 'initial',
      sourceRef: null,
      user: userOf(req),
      at: new Date(),
    })
    return doc
  }
  const from = statusBefore(req, doc.id, previousDoc?.status)
  if (!isStatusChange(from, to)) return doc
  const origin = req.context?.serviceStatusOrigin
  const at = origin?.at ?? new Date()
  const changeId = await writeRow(req, {
    service: doc.id,
    fromStatus: from,
    toStatus: to,
    source: origin?.source ?? 'manual',
    sourceRef: origin?.sourceRef ?? null,
    user: origin?.user !== undefined ? origin.user : userOf(req),
    at,
  })
  // A change is an event too (webhook subscribers hear of it), queued in the same transaction as the row.
  await announceServiceStatusChange(req, {
    changeId,
    serviceId: doc.id,
    serviceName: doc.name,
    from: from as ServiceStatus,
    to,
    at,
  })
  return doc
}

/**
 * Sets the statuses, in the transaction of `req` (the caller commits). A service already in the status is left
 * alone; a service that no longer exists is skipped. Returns the services whose status changed.
 */
export async function changeServiceStatuses(
  req: PayloadRequest,
  changes: readonly ServiceStatusChange[],
  origin: StatusChangeOrigin,
): Promise<number[]> {
  const changed: number[] = []
  // The status read below is the history row's fromStatus: no other writer may change it in between.
  await lockServiceStatuses(
    req,
    changes.map((change) => change.service),
  )
  for (const { service, status } of changes) {
    const current = await req.payload
      .findByID({
        collection: 'services',
        id: service,
        depth: 0,
        overrideAccess: true,
        disableErrors: true,
        select: { status: true },
        req,
      })
      .catch(() => null)
    if (!current || !isStatusChange(current.status as ServiceStatus, status)) continue
    // The origin travels to the hook in the request's context, and only for this write.
    const outer = req.context
    try {
      await req.payload.update({
        collection: 'services',
        id: service,
        data: { status },
        depth: 0,
        overrideAccess: true,
        req,
        context: { serviceStatusOrigin: origin },
      })
    } finally {
      req.context = outer
    }
    changed.push(service)
  }
  return changed
}
