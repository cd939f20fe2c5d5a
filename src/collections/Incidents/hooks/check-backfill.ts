import { type CollectionBeforeChangeHook, ValidationError } from 'payload'

import { backfillError } from '@/domain/backfill'
import type { Incident } from '@/payload-types'
import { inRequestLanguage } from '@/i18n/admin-translations'
import { incidentUpdateRows } from '@/services/incidents/update-rows'

/** A backfilled incident is refused unless it is whole: resolved, every update timed, nothing in the future. */
export const checkBackfill: CollectionBeforeChangeHook<Incident> = ({ data, operation, collection, req }) => {
  if (operation !== 'create' || !data.backfilled) return data
  const problem = backfillError(incidentUpdateRows(data), new Date())
  if (problem)
    throw new ValidationError(
      { collection: collection.slug, errors: [{ path: 'backfilled', message: inRequestLanguage(req, problem) }] },
      req.t,
    )
  return data
}
