import type { CollectionBeforeChangeHook } from 'payload'

import { deriveIncidentState, type IncidentUpdateInput } from '@/domain/incident-status'
import type { Incident } from '@/payload-types'

/** The incident's status and resolvedAt always follow its newest update (src/domain/incident-status.ts). */
export const deriveIncidentStatus: CollectionBeforeChangeHook<Incident> = ({ data, originalDoc }) => {
  const updates = (Array.isArray(data.updates) ? data.updates : originalDoc?.updates) as
    IncidentUpdateInput[] | undefined
  const derived = deriveIncidentState(updates ?? [])
  if (derived) {
    data.status = derived.status
    data.resolvedAt = derived.resolvedAt
  }
  return data
}
