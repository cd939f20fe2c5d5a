/**
 * A maintenance with `setServicesUnderMaintenance` puts its services under maintenance while it runs: when it
 * becomes in progress (the clock's job, or a save) they go to `maintenance`, and when it stops running (completed,
 * cancelled, or the switch turned off) they go back as a resolved incident's services do.
 */
import type { PayloadRequest } from 'payload'

import { relationIds } from '../../db/relation-id'

import type { Maintenance } from '../../payload-types'

import { changeServiceStatuses, type StatusChangeOrigin } from '../service-status/change'
import { releaseServices } from '../service-status/release'

export type MaintenanceLike = Pick<Maintenance, 'status' | 'setServicesUnderMaintenance' | 'affectedServices'>

const holds = (m: MaintenanceLike | null | undefined) =>
  m?.status === 'in_progress' && m.setServicesUnderMaintenance === true
const servicesOf = (m: MaintenanceLike | null | undefined): number[] => relationIds(m?.affectedServices)

/** Applies a maintenance's move from `previous` (null: just created) to `doc`, in the transaction of `req`. */
export async function applyMaintenanceServiceStatuses(
  req: PayloadRequest,
  doc: Maintenance,
  previous: MaintenanceLike | null,
  at?: Date,
): Promise<void> {
  const origin: StatusChangeOrigin = { source: 'maintenance', sourceRef: String(doc.shortId), ...(at ? { at } : {}) }
  const before = holds(previous)
  if (holds(doc)) {
    // Only services it did not hold yet: a service an operator set by hand during the window stays as set.
    const already = new Set(before ? servicesOf(previous) : [])
    const added = servicesOf(doc).filter((service) => !already.has(service))
    await changeServiceStatuses(
      req,
      added.map((service) => ({ service, status: 'maintenance' as const })),
      origin,
    )
    return
  }
  if (!before) return
  const claims = new Map(servicesOf(previous).map((service) => [service, null]))
  await releaseServices(req, { source: 'maintenance', ref: origin.sourceRef as string, id: doc.id, claims }, origin)
}
