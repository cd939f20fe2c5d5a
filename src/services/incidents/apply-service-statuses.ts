/**
 * Incidents set the statuses of their services: an update's `serviceStatuses` are applied when that
 * update becomes the incident's newest, by the rule that decides notifications (src/domain/notifications.ts
 * changedNewestUpdate): re-sending older updates applies nothing. When the incident resolves, the services it
 * changed go back (src/services/service-status/release.ts), unless the resolving update sets statuses of its own.
 */
import type { CollectionAfterChangeHook } from 'payload'

import { newestUpdate } from '@/domain/incident-status'
import { worstStatus } from '@/domain/overall-status'
import { changedNewestUpdate, previousVersion } from '@/domain/notifications'

import { changeServiceStatuses, type StatusChangeOrigin } from '../service-status/change'
import { otherHolds, type ServiceStatusEntry, serviceStatusEntries } from '../service-status/internal'
import { releaseServices } from '../service-status/release'
import { incidentHolder, rowsOf } from './internal'

const key = (entry: { service: number; status: string }) => `${entry.service}:${entry.status}`

/**
 * Automation never improves a status that another open incident or running maintenance holds: an alert saying
 * "degraded" (or recovering) leaves a service that a person's incident holds at major outage where it is. Its own
 * claim stays as written, so when the other hold ends, the release rule finds the automation's status.
 */
async function notImproving(
  req: Parameters<CollectionAfterChangeHook>[0]['req'],
  doc: { id: number; shortId?: string | null; updates?: unknown },
  entries: ServiceStatusEntry[],
): Promise<ServiceStatusEntry[]> {
  const held = await otherHolds(
    req,
    incidentHolder(doc),
    entries.map((entry) => entry.service),
  )
  return entries.map((entry) => ({ ...entry, status: worstStatus([entry.status, ...(held.get(entry.service) ?? [])]) }))
}

export const applyIncidentServiceStatuses: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  const previous = operation === 'create' ? null : rowsOf(previousDoc?.updates)
  const next = rowsOf(doc.updates)
  const origin: StatusChangeOrigin = { source: 'incident', sourceRef: String(doc.shortId) }
  const change = changedNewestUpdate(previous, next)
  if (change) {
    const entries = serviceStatusEntries(change.newest.serviceStatuses)
    if (entries.length > 0)
      await changeServiceStatuses(req, doc.integration ? await notImproving(req, doc, entries) : entries, origin)
    else if (change.newest.status === 'resolved' && (previous === null || previousDoc?.status !== 'resolved')) {
      await releaseServices(req, incidentHolder(doc), origin)
    }
    return doc
  }
  // The newest update is the same one: only statuses it now gives that its stored version did not are applied
  // (an operator who forgot them and corrects the update).
  const newest = newestUpdate(next)
  const before = newest && previous ? previousVersion(newest, previous) : undefined
  if (!newest || !before) return doc
  const had = new Set(serviceStatusEntries(before.serviceStatuses).map(key))
  const added = serviceStatusEntries(newest.serviceStatuses).filter((entry) => !had.has(key(entry)))
  if (added.length > 0) await changeServiceStatuses(req, added, origin)
  return doc
}
