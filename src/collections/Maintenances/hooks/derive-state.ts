import type { CollectionBeforeChangeHook } from 'payload'
import { ValidationError } from 'payload'

import { durationToStore } from '@/domain/duration'
import {
  deriveMaintenanceState,
  maintenanceStatusChangeError,
  type MaintenanceStateInput,
} from '@/domain/maintenance-lifecycle'
import type { MaintenanceStatus } from '@/domain/statuses'
import type { Maintenance } from '@/payload-types'

const toDate = (value: unknown): Date | null => (value ? new Date(value as string) : null)

/**
 * An operator's completed and cancelled are final; the other statuses, and a completion by the clock, follow the
 * clock and the window (src/domain/maintenance-lifecycle.ts). Stamps follow the status; an empty duration is the window's estimate
 * (src/domain/duration.ts).
 */
export const deriveMaintenanceStatus: CollectionBeforeChangeHook<Maintenance> = ({
  data,
  originalDoc,
  req,
  collection,
}) => {
  const previousStatus = originalDoc?.status as MaintenanceStatus | undefined
  const requested = (data.status ?? previousStatus) as MaintenanceStatus | undefined
  const refusal = maintenanceStatusChangeError(originalDoc as MaintenanceStateInput['previous'], requested)
  if (refusal) {
    throw new ValidationError({ collection: collection.slug, errors: [{ path: 'status', message: refusal }] }, req.t)
  }
  const scheduledStartAt = toDate(data.scheduledStartAt ?? originalDoc?.scheduledStartAt) ?? new Date()
  const scheduledEndAt = toDate(data.scheduledEndAt === undefined ? originalDoc?.scheduledEndAt : data.scheduledEndAt)
  const state = deriveMaintenanceState({
    requestedStatus: requested,
    scheduledStartAt,
    scheduledEndAt,
    previous: originalDoc as MaintenanceStateInput['previous'],
    now: new Date(),
  })
  const duration = durationToStore({
    written: (data.duration === undefined ? originalDoc?.duration : data.duration) as string | null | undefined,
    scheduledStartAt,
    scheduledEndAt,
    previous: originalDoc?.scheduledStartAt
      ? { scheduledStartAt: new Date(originalDoc.scheduledStartAt), scheduledEndAt: toDate(originalDoc.scheduledEndAt) }
      : null,
  })
  return { ...data, ...state, duration }
}
