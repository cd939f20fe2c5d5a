/**
 * A maintenance with `setServicesUnderMaintenance` puts its services under maintenance while it runs: when it
 * becomes in progress (the clock's job, or a save) they go to `maintenance`, and when it stops running (completed,
 * cancelled, the switch turned off, or deleted: src/collections/Maintenances/hooks/release-on-delete.ts) they go
 * back as a resolved incident's services do. A service taken out of a running maintenance goes back the same way.
 */
import type { PayloadRequest } from 'payload'

import { relationIds } from '@/db/relation-id'

import type { Maintenance } from '@/payload-types'

import { changeServiceStatuses, type StatusChangeOrigin } from '../service-status/change'
import { statusesWithout } from '../service-status/internal'
import { releaseServices } from '../service-status/release'
import { holdsServices, maintenanceHolder, type MaintenanceLike } from './internal'

const servicesOf = (m: MaintenanceLike | null | undefined): number[] => relationIds(m?.affectedServices)

/** Applies a maintenance's move from `previous` (null: just created) to `doc`, in the transaction of `req`. */
export async function applyMaintenanceServiceStatuses(
  req: PayloadRequest,
  doc: Maintenance,
  previous: MaintenanceLike | null,
  at?: Date,
): Promise<void> {
  const origin: StatusChangeOrigin = { source: 'maintenance', sourceRef: String(doc.shortId), ...(at ? { at } : {}) }
  const before = holdsServices(previous)
  if (holdsServices(doc)) {
    // Only services it did not hold yet: a service an operator set by hand during the window stays as set.
    const held = before ? servicesOf(previous) : []
    const now = servicesOf(doc)
    const added = now.filter((service) => !held.includes(service))
    await changeServiceStatuses(
      req,
      added.map((service) => ({ service, status: 'maintenance' as const })),
      origin,
    )
    // Only the services taken out: the release of the whole maintenance would give back the ones it still holds.
    const removed = held.filter((service) => !now.includes(service))
    if (removed.length === 0) return
    const back = await statusesWithout(req, maintenanceHolder(doc, removed), removed)
    await changeServiceStatuses(
      req,
      [...back].map(([service, status]) => ({ service, status })),
      origin,
    )
    return
  }
  if (!before) return
  await releaseServices(req, maintenanceHolder(doc, servicesOf(previous)), origin)
}
