import type { CollectionBeforeChangeHook } from 'payload'

import { relationIds } from '@/db/relation-id'
import { postgresTransaction } from '@/db/sql'

import { lockServiceStatuses, servicesChangedBy } from './internal'

type Holding = 'incident' | 'maintenance'

/**
 * The last beforeChange hook of incidents and maintenances: on PostgreSQL, takes the status lock of every service the
 * save may change (those it names before and after, and those its earlier updates changed) before the save writes
 * its first row. Those rows refer to the services, which holds a key-share lock on each service's row until the
 * transaction ends, while a status write of a localized collection is an upsert that needs that row exclusively. A
 * save that took its status locks only after its rows (in afterChange) could hold the row one status writer waits for
 * while waiting for that writer's status lock: a deadlock. Taken first, the locks make the two saves run in turn.
 */
export const lockStatusesBeforeSave =
  (source: Holding): CollectionBeforeChangeHook =>
  async ({ data, originalDoc, req }) => {
    if (!(await postgresTransaction(req))) return data
    const named = relationIds(data.affectedServices !== undefined ? data.affectedServices : [])
    const before = relationIds(originalDoc?.affectedServices)
    const ref = originalDoc?.shortId
    const changed =
      typeof ref === 'string' && typeof originalDoc?.id === 'number'
        ? await servicesChangedBy(req, { source, ref, id: originalDoc.id, claims: new Map() })
        : []
    await lockServiceStatuses(req, [...named, ...before, ...changed])
    return data
  }
