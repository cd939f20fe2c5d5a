/**
 * The service statuses each update of an incident set (its "Set service statuses" rows), for the incident page:
 * newest update first, in the order of the public incident's `updates` (src/public-api/read-model.ts), so the
 * page shows beside each update what it did to the services. Read from the same document as the incident
 * itself (findIncidentPage), with its services' names populated.
 */
import { updatesNewestFirst } from '@/domain/incident-status'
import type { ServiceStatus } from '@/domain/statuses'
import type { Incident } from '@/payload-types'

export interface SetStatus {
  name: string
  status: ServiceStatus
}

/** How a row whose service was deleted names it. */
const DELETED_SERVICE = 'a deleted service'

export function updateServiceStatuses(doc: Pick<Incident, 'updates' | 'createdAt'>): SetStatus[][] {
  const updates = (doc.updates ?? []).map((u) => ({
    createdAt: u.createdAt ?? doc.createdAt,
    // A deleted service leaves its row without a service; what the update did stays part of its story.
    set: (u.serviceStatuses ?? []).flatMap((row) => {
      if (row.service === null || row.service === undefined) return [{ name: DELETED_SERVICE, status: row.status }]
      return typeof row.service === 'object' ? [{ name: row.service.name, status: row.status }] : []
    }),
  }))
  return updatesNewestFirst(updates).map((u) => u.set)
}
