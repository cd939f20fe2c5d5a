/**
 * The service statuses each update of an incident set (its "Set service statuses" rows), for the incident page:
 * newest update first, in the order of the public incident's `updates` (src/public-api/read-model.ts), so the
 * page shows beside each update what it did to the services (issue 27).
 */
import type { Payload } from 'payload'

import { updatesNewestFirst } from '../domain/incident-status'
import type { ServiceStatus } from '../domain/statuses'

import { published } from './read-model'

export interface SetStatus {
  name: string
  status: ServiceStatus
}

export async function updateServiceStatuses(payload: Payload, shortId: string): Promise<SetStatus[][]> {
  const found = await payload.find({
    collection: 'incidents',
    where: { and: [published(), { shortId: { equals: shortId } }] },
    limit: 1,
    pagination: false,
    depth: 1,
    select: { updates: true, createdAt: true },
    populate: { services: { name: true } },
  })
  const doc = found.docs[0]
  if (!doc) return []
  const updates = (doc.updates ?? []).map((u) => ({
    createdAt: u.createdAt ?? doc.createdAt,
    // A deleted service leaves its row without a service: nothing to show for it.
    set: (u.serviceStatuses ?? []).flatMap((row) =>
      row.service && typeof row.service === 'object' ? [{ name: row.service.name, status: row.status }] : [],
    ),
  }))
  return updatesNewestFirst(updates).map((u) => u.set)
}
