import type { CollectionBeforeChangeHook } from 'payload'
import { ValidationError } from 'payload'

import { durationToStore } from '@/domain/duration'
import {
  deriveMaintenanceState,
  maintenanceStatusChangeError,
  type MaintenanceStateInput,
} from '@/domain/maintenance-lifecycle'
import { isOneOf, MAINTENANCE_STATUSES, type MaintenanceStatus } from '@/domain/statuses'
import { requestT } from '@/i18n/admin-translations'
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
    // A known status refused is a final maintenance's: said in the operator's words (the statuses' codes in English,
    // as the API has always said it). A status outside the vocabulary, which only an API client sends, as written.
    const message =
      isOneOf(MAINTENANCE_STATUSES, requested) && previousStatus
        ? requestT(req)('admin.check.maintenance.final', { from: previousStatus, to: requested })
        : refusal
    throw new ValidationError({ collection: collection.slug, errors: [{ path: 'status', message }] }, req.t)
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
