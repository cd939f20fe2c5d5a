/**
 * Where a Statuspage import reads from: a page's public API v2 (`<page URL>/api/v2/…`, through the outbound guard:
 * an operator typed the address), a saved JSON document of that API, or a directory of them. Whatever the source,
 * the answer is one set of components, incidents and scheduled maintenances, each once.
 */
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'

import { outboundFetch } from '@/net/outbound-url'

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

const PATHS = ['summary.json', 'components.json', 'incidents.json', 'scheduled-maintenances.json'] as const
const TIMEOUTS = { connectMs: 10_000, answerMs: 30_000 }
const MAX_BYTES = 50 * 1024 * 1024

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

const empty = (): StatuspageDocuments => ({ components: [], incidents: [], maintenances: [] })

async function fromUrl(base: string, progress: (line: string) => void): Promise<StatuspageDocuments> {
  const into = empty()
  const root = base.replace(/\/+$/, '').replace(/\/api\/v2(\/.*)?$/, '')
  for (const path of PATHS) {
    const url = `${root}/api/v2/${path}`
    progress(`Reading ${url}`)
    const response = await outboundFetch(url, { headers: { accept: 'application/json' } }, TIMEOUTS)
    if (!response.ok) throw new SourceError(`${url} answered ${response.status}`)
    const text = await response.text()
    if (text.length > MAX_BYTES) throw new SourceError(`${url} is larger than ${MAX_BYTES} bytes`)
    try {
      addDocument(into, JSON.parse(text))
    } catch (error) {
      throw new SourceError(`${url}: ${(error as Error).message}`)
    }
  }
  return into
}

async function fromFile(path: string, into: StatuspageDocuments): Promise<void> {
  let document: unknown
  try {
    document = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    throw new SourceError(`${path}: ${(error as Error).message}`)
  }
  try {
    addDocument(into, document)
  } catch (error) {
    throw new SourceError(`${path}: ${(error as Error).message}`)
  }
}

/** The documents of `source`: an http(s) URL of a page, a JSON file, or a directory of JSON files. */
export async function readStatuspageSource(
  source: string,
  progress: (line: string) => void = () => {},
): Promise<StatuspageDocuments> {
  if (/^https?:\/\//i.test(source)) return fromUrl(source, progress)
  const info = await stat(source).catch(() => null)
  if (!info) throw new SourceError(`${source}: no such file, directory or http(s) URL`)
  const into = empty()
  if (info.isDirectory()) {
    const names = (await readdir(source)).filter((name) => name.endsWith('.json')).sort()
    if (names.length === 0) throw new SourceError(`${source}: no .json files`)
    for (const name of names) {
      progress(`Reading ${join(source, name)}`)
      await fromFile(join(source, name), into)
    }
  } else {
    progress(`Reading ${source}`)
    await fromFile(source, into)
  }
  return into
}
