import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'

import { isStatusChange } from '@/domain/service-status-change'
import type { ServiceStatus, StatusChangeSource } from '@/domain/statuses'
import { announceServiceStatusChange } from '@/notify/events'

const userOf = (req: PayloadRequest): number | null =>
  req.user && req.user.collection === 'users' && typeof req.user.id === 'number' ? req.user.id : null

async function writeRow(
  req: PayloadRequest,
  row: {
    service: number
    fromStatus: ServiceStatus | null
    toStatus: ServiceStatus
    source: StatusChangeSource
    sourceRef: string | null
    user: number | null
    at: Date
  },
): Promise<number> {
  const { id } = await req.payload.create({
    collection: 'service-status-changes',
    data: { ...row, at: row.at.toISOString() },
    overrideAccess: true,
    depth: 0,
    req,
  })
  return id
}

/** The status this write replaced, as lockStatusWrite read it under the lock; once per write. */
function statusBefore(req: PayloadRequest, service: number, previous: unknown): ServiceStatus | null {
  const read = req.context.statusBefore?.[service]
  if (read !== undefined) delete req.context.statusBefore![service]
  return (read ?? previous ?? null) as ServiceStatus | null
}

/**
 * The services collection's afterChange hook: a created service starts its history (`initial`); an update that
 * changed the status records the change, with the origin changeServiceStatuses gave, else as an operator's.
 */
export const recordStatusChange: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (req.context?.skipStatusHistory) return doc
  const to = doc.status as ServiceStatus
  if (operation === 'create') {
    await writeRow(req, {
      service: doc.id,
      fromStatus: null,
      toStatus: to,
      source: 'initial',
      sourceRef: null,
      user: userOf(req),
      at: new Date(),
    })
    return doc
  }
  const from = statusBefore(req, doc.id, previousDoc?.status)
  if (!isStatusChange(from, to)) return doc
  const origin = req.context?.serviceStatusOrigin
  const at = origin?.at ?? new Date()
  const changeId = await writeRow(req, {
    service: doc.id,
    fromStatus: from,
    toStatus: to,
    source: origin?.source ?? 'manual',
    sourceRef: origin?.sourceRef ?? null,
    user: origin?.user !== undefined ? origin.user : userOf(req),
    at,
  })
  // A change is an event too (webhook subscribers hear of it), queued in the same transaction as the row.
  await announceServiceStatusChange(req, {
    changeId,
    serviceId: doc.id,
    serviceName: doc.name,
    from: from as ServiceStatus,
    to,
    at,
  })
  return doc
}
