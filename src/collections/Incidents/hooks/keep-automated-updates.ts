import type { CollectionBeforeChangeHook } from 'payload'

import { sameUpdates } from '@/domain/incident-status'
import { Conflict } from '@/errors'
import { lockIncidentForSave } from '@/services/incidents/lock-for-save'
import { incidentUpdateRows } from '@/services/incidents/update-rows'
import type { Incident } from '@/payload-types'

type Row = NonNullable<Incident['updates']>[number]

const instant = (value: unknown) =>
  typeof value === 'string' || value instanceof Date ? new Date(value).getTime() : NaN

/**
 * A person's save of a form (or a list) read before the automation added an update would delete that update, which
 * subscribers were already told and whose statuses were already applied. The contract replaces the list as a whole,
 * so rows are matched by id (the admin sends them) or by their time (an API client re-sends what it read): a write
 * that leaves out an update the automation wrote is refused with 409 and what to do.
 *
 * The same holds against a writer that commits while this save is under way: the save locks the incident and reads
 * its updates again (services/incidents/lock-for-save.ts); if they are no longer the ones Payload read for this
 * save, the save would write back a list that lacks them, and is refused with 409 too.
 */
export const keepAutomatedUpdates: CollectionBeforeChangeHook<Incident> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (operation !== 'update' || req.context?.integrationWrite || !Array.isArray(data.updates) || !originalDoc)
    return data
  const stored = await lockIncidentForSave(req, originalDoc.id)
  if (!sameUpdates(incidentUpdateRows(originalDoc), stored))
    throw new Conflict(
      'updates: the incident changed while this save was being made (an update was added or changed): ' +
        'reload it and save again.',
    )
  const incoming = data.updates as Row[]
  const missing: Row[] = []
  for (const kept of incidentUpdateRows(originalDoc).filter((row) => row.automated)) {
    const same = incoming.find(
      (row) => (row.id && row.id === kept.id) || instant(row.createdAt) === instant(kept.createdAt),
    )
    if (same) same.automated = true
    else missing.push(kept)
  }
  if (missing.length > 0) {
    const newest = missing[missing.length - 1]
    throw new Conflict(
      `updates: this save leaves out ${missing.length === 1 ? 'an update' : `${missing.length} updates`} the monitoring integration added ` +
        `(the newest at ${new Date(newest.createdAt as string).toISOString()}, "${String(newest.message).replace(/\s+/g, ' ').slice(0, 60)}"), which subscribers were already sent. ` +
        'The incident changed since it was read: reload it and save again.',
    )
  }
  return data
}
