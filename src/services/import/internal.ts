/** What the import verbs share: the Statuspage records they read, and reading one API v2 document into them. */

/** The parts of Statuspage's v2 objects the importer reads; everything else is ignored. */
export interface SpComponent {
  id: string
  name: string
  status?: string
  description?: string | null
  position?: number
  group_id?: string | null
  group?: boolean
  created_at?: string
}

export interface SpUpdate {
  id?: string
  status?: string
  body?: string
  created_at?: string
  display_at?: string
  deliver_notifications?: boolean
  affected_components?: { code: string; new_status?: string }[] | null
}

export interface SpIncident {
  id: string
  name: string
  status?: string
  created_at?: string
  resolved_at?: string | null
  incident_updates?: SpUpdate[]
  components?: { id: string }[]
  /** The management API and some exports carry it; the public API does not. */
  postmortem_body?: string | null
  postmortem_published_at?: string | null
  scheduled_for?: string | null
  scheduled_until?: string | null
}

export interface StatuspageDocuments {
  pageName?: string
  components: SpComponent[]
  incidents: SpIncident[]
  maintenances: SpIncident[]
}

export class SourceError extends Error {}

/** Adds one document's records to `into`, the newer copy of a record (by its id) replacing an older one. */
export function addDocument(into: StatuspageDocuments, document: unknown): void {
  if (!document || typeof document !== 'object') throw new SourceError('not a Statuspage API v2 document')
  const doc = document as Record<string, unknown>
  const page = doc.page as { name?: string } | undefined
  if (typeof page?.name === 'string') into.pageName = page.name
  const merge = <T extends { id: string }>(list: T[], items: unknown) => {
    if (!Array.isArray(items)) return
    for (const item of items as T[]) {
      if (!item || typeof item.id !== 'string') continue
      const at = list.findIndex((known) => known.id === item.id)
      if (at >= 0) list[at] = item
      else list.push(item)
    }
  }
  const known = ['components', 'incidents', 'scheduled_maintenances'].some((key) => Array.isArray(doc[key]))
  if (!known)
    throw new SourceError('not a Statuspage API v2 document (no components, incidents or scheduled_maintenances)')
  merge(into.components, doc.components)
  merge(into.incidents, doc.incidents)
  merge(into.maintenances, doc.scheduled_maintenances)
}
