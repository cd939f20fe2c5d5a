/**
 * A backfilled incident (src/domain/backfill.ts) writes its services' history at its own times instead of
 * changing their statuses now: each row says what the existing history had in effect then, so the uptime of
 * those days counts it and everything after reads as before.
 */
import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'

import { backfilledChanges } from '@/domain/backfill'
import type { ServiceStatus } from '@/domain/statuses'

import { serviceStatusEntries } from '../service-status/internal'

/** The service's status at `at` as the history says: the last change before it, else where the history starts. */
async function statusAt(req: PayloadRequest, service: number, at: number): Promise<ServiceStatus | null> {
  const iso = new Date(at).toISOString()
  const before = await req.payload.find({
    collection: 'service-status-changes',
    where: { and: [{ service: { equals: service } }, { at: { less_than_equal: iso } }] },
    sort: '-at',
    limit: 1,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  if (before.docs[0]) return before.docs[0].toStatus as ServiceStatus
  const first = await req.payload.find({
    collection: 'service-status-changes',
    where: { service: { equals: service } },
    sort: 'at',
    limit: 1,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  if (first.docs[0]) return (first.docs[0].fromStatus ?? first.docs[0].toStatus) as ServiceStatus
  const current = await req.payload.findByID({
    collection: 'services',
    id: service,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    select: { status: true },
    req,
  })
  return (current?.status as ServiceStatus | undefined) ?? null
}

export const writeBackfilledHistory: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (operation !== 'create' || !doc.backfilled) return doc
  const updates = (Array.isArray(doc.updates) ? doc.updates : []).map(
    (u: { status: never; createdAt?: string; serviceStatuses?: unknown }) => ({
      status: u.status,
      createdAt: u.createdAt,
      serviceStatuses: serviceStatusEntries(u.serviceStatuses),
    }),
  )
  const { changes, end, services } = backfilledChanges(updates)
  const returns = await Promise.all(
    services.map(async (service) => ({ service, to: await statusAt(req, service, end) })),
  )
  const user = req.user && req.user.collection === 'users' && typeof req.user.id === 'number' ? req.user.id : null
  const rows = [...changes, ...returns.flatMap(({ service, to }) => (to ? [{ service, to, at: end }] : []))]
  for (const row of rows) {
    await req.payload.create({
      collection: 'service-status-changes',
      data: {
        service: row.service,
        fromStatus: await statusAt(req, row.service, row.at - 1),
        toStatus: row.to,
        at: new Date(row.at).toISOString(),
        source: 'incident',
        sourceRef: String(doc.shortId),
        user,
      },
      overrideAccess: true,
      depth: 0,
      req,
    })
  }
  return doc
}
