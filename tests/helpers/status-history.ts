/**
 * Service status history for tests: a service's status set at a chosen instant (the fake clock is moved there). The
 * status chokepoint must write the history row and mark the public data changed by itself: these helpers only check
 * that the row is there, so a broken chokepoint fails the tests that use them.
 */
import { vi } from 'vitest'

import type { ServiceStatus } from '@/domain/statuses'
import { payload } from './api'

async function rowsSince(serviceId: number, at: Date): Promise<number> {
  const p = await payload()
  const found = await p.find({
    collection: 'service-status-changes',
    where: { service: { equals: serviceId }, at: { greater_than_equal: at.toISOString() } },
    overrideAccess: true,
    limit: 0,
    depth: 0,
  })
  return found.totalDocs
}

/** A service created at `at` (the history starts there); returns its id. */
export async function createServiceAt(
  at: Date,
  data: { name: string; group: number; status?: ServiceStatus; displayOrder?: number },
): Promise<number> {
  const p = await payload()
  vi.setSystemTime(at)
  const status = data.status ?? 'operational'
  const doc = await p.create({ collection: 'services', data: { ...data, status }, overrideAccess: true, depth: 0 })
  if ((await rowsSince(doc.id, at)) === 0) throw new Error(`creating service ${doc.id} wrote no status history row`)
  return doc.id
}

/** Sets the status of a service at `at`, with its history row. */
export async function setStatusAt(serviceId: number, status: ServiceStatus, at: Date): Promise<void> {
  const p = await payload()
  vi.setSystemTime(at)
  const before = await p.findByID({ collection: 'services', id: serviceId, overrideAccess: true, depth: 0 })
  if (before.status === status) return
  await p.update({ collection: 'services', id: serviceId, data: { status }, overrideAccess: true, depth: 0 })
  if ((await rowsSince(serviceId, at)) === 0)
    throw new Error(`setting service ${serviceId} to ${status} wrote no status history row`)
}
