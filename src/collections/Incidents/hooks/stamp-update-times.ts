import type { CollectionBeforeValidateHook } from 'payload'

import type { Incident } from '@/payload-types'
import { incidentUpdateRows } from '@/services/incidents/update-rows'

/** Rows sent without createdAt were written now; stamping them before validation keeps the order rule total. */
export const stampUpdateTimes: CollectionBeforeValidateHook<Incident> = ({ data }) => {
  if (!data || !Array.isArray(data.updates)) return data
  const now = new Date().toISOString()
  data.updates = incidentUpdateRows(data).map((row) =>
    row && typeof row === 'object' && (row.createdAt === undefined || row.createdAt === null || row.createdAt === '')
      ? { ...row, createdAt: now }
      : row,
  )
  return data
}
