import type { CollectionBeforeChangeHook, CollectionBeforeValidateHook } from 'payload'

import { deriveIncidentState, type IncidentUpdateInput } from '../domain/incident-status'

type UpdateRow = Partial<IncidentUpdateInput> & Record<string, unknown>

/** Rows sent without createdAt were written now; stamping them before validation keeps the order rule total. */
export const stampUpdateTimes: CollectionBeforeValidateHook = ({ data }) => {
  if (!data || !Array.isArray(data.updates)) return data
  const now = new Date().toISOString()
  data.updates = (data.updates as UpdateRow[]).map((row) =>
    row && typeof row === 'object' && (row.createdAt === undefined || row.createdAt === null || row.createdAt === '')
      ? { ...row, createdAt: now }
      : row,
  )
  return data
}

/** The incident's status and resolvedAt always follow its newest update (src/domain/incident-status.ts). */
export const deriveIncidentStatus: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const updates = (Array.isArray(data.updates) ? data.updates : originalDoc?.updates) as IncidentUpdateInput[] | undefined
  const derived = deriveIncidentState(updates ?? [])
  if (derived) {
    data.status = derived.status
    data.resolvedAt = derived.resolvedAt
  }
  return data
}
