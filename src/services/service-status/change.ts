/**
 * The one way a service's status changes (in the spirit of Cachet's ChangeComponentStatus). Whoever changes it (an
 * operator through the CMS, an incident, a maintenance, a monitoring integration) ends in Payload's update of the
 * service, and the services collection's afterChange hook (record-status-change.ts) writes the history row in the
 * same request, so in the same transaction: the status and its history commit together or not at all, whatever
 * path the write came by (REST, GraphQL, the admin form, the Local API). A write that leaves the status as it is
 * writes no row. Public caches are marked by the collection's hooks and bumped after the commit (src/edge).
 *
 * Server code calls changeServiceStatus; it says where the change comes from (source, sourceRef), which the hook
 * records. A write without that is an operator's: source `manual`, the request's user.
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
