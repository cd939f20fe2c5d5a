import type { CollectionBeforeValidateHook } from 'payload'

import type { IncidentUpdateInput } from '../../../domain/incident-status'
import type { Incident } from '../../../payload-types'

type UpdateRow = Partial<IncidentUpdateInput> & Record<string, unknown>

/** Rows sent without createdAt were written now; stamping them before validation keeps the order rule total. */
export const stampUpdateTimes: CollectionBeforeValidateHook<Incident> = ({ data }) => {
  if (!data || !Array.isArray(data.updates)) return data
  const now = new Date().toISOString()
  data.updates = (data.updates as unknown as UpdateRow[]).map((row) =>
    row && typeof row === 'object' && (row.createdAt === undefined || row.createdAt === null || row.createdAt === '')
      ? { ...row, createdAt: now }
      : row,
  ) as unknown as Incident['updates']
  return data
}
