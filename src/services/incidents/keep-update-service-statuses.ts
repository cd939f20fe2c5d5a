import type { CollectionBeforeChangeHook } from 'payload'

import { previousVersion } from '@/domain/notifications'

import { serviceStatusEntries } from '../service-status/internal'
import { rowsOf } from './internal'

/**
 * The contract's clients send the whole `updates` list back without knowing `serviceStatuses`: a row sent without
 * the field keeps what its stored version had, so such a write does not erase what the incident said.
 */
export const keepUpdateServiceStatuses: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  if (!originalDoc || !Array.isArray(data.updates)) return data
  const stored = rowsOf(originalDoc.updates)
  data.updates = rowsOf(data.updates).map((row) => {
    if (!row || typeof row !== 'object' || row.serviceStatuses !== undefined) return row
    const before = previousVersion(row, stored)
    return before ? { ...row, serviceStatuses: serviceStatusEntries(before.serviceStatuses) } : row
  })
  return data
}
