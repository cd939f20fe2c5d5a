import type { CollectionBeforeChangeHook } from 'payload'

import { relationIds } from '@/db/relation-id'
import type { Incident } from '@/payload-types'
import { serviceStatusEntries } from '@/services/service-status/internal'

/**
 * An update that sets a service's status makes that service one the incident affects: the service is
 * added to affectedServices, so the page, the service's own page and its subscribers all name this incident. It
 * is added, not refused, because the operator who set a status on it has said the incident concerns it.
 */
export const addServicesItSets: CollectionBeforeChangeHook<Incident> = ({ data, originalDoc }) => {
  if (!Array.isArray(data.updates)) return data
  const given = data.affectedServices !== undefined ? data.affectedServices : originalDoc?.affectedServices
  const affected = relationIds(given)
  const set = data.updates.flatMap((update) =>
    serviceStatusEntries((update as { serviceStatuses?: unknown }).serviceStatuses).map((entry) => entry.service),
  )
  const missing = [...new Set(set)].filter((id) => !affected.includes(id))
  if (missing.length > 0) data.affectedServices = [...affected, ...missing]
  return data
}
