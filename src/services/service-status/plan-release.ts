/** What resolving an incident or ending a maintenance would give back now, without giving it back. */
import type { PayloadRequest } from 'payload'

import { statusWithout } from '@/domain/service-status-change'
import type { ServiceStatus } from '@/domain/statuses'

import { type Holder, historySinceBaseline, holdsOn, lockServiceStatuses, servicesChangedBy } from './internal'

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
