import type { Incident } from '@/payload-types'

/** One row of an incident's `updates`, as Payload stores it and takes it back (a service is its id or its document). */
export type IncidentUpdateRow = Incident['updates'][number]

/**
 * An incident's updates, typed for reading and writing the array back. Hooks see data before validation and
 * documents read with a `select`, so a missing (or malformed) array counts as none.
 */
export const incidentUpdateRows = (doc: { updates?: unknown } | null | undefined): IncidentUpdateRow[] =>
  Array.isArray(doc?.updates) ? (doc.updates as IncidentUpdateRow[]) : []
