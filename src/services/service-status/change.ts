/**
 * The one way a service's status changes: every writer ends in Payload's update of the service, whose afterChange
 * hook (recordStatusChange, record-status-change.ts) writes the history row in the same transaction, so a status and its history commit
 * together whatever path the write came by. Server code calls changeServiceStatuses with the change's source; a
 * write without one is an operator's (`manual`). docs/architecture.md, "Service statuses".
 */
import type { PayloadRequest } from 'payload'

import { isStatusChange } from '@/domain/service-status-change'
import type { ServiceStatus, StatusChangeSource } from '@/domain/statuses'

import { lockServiceStatuses } from './internal'

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
