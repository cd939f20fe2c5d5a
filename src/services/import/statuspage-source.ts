/**
 * Where a Statuspage import reads from: a page's public API v2 (`<page URL>/api/v2/…`, through the outbound guard:
 * an operator typed the address), a saved JSON document of that API, or a directory of them. Whatever the source,
 * the answer is one set of components, incidents and scheduled maintenances, each once.
 */
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'

import { outboundFetch } from '@/net/outbound-url'

import { addDocument, SourceError, type StatuspageDocuments } from './internal'

const PATHS = ['summary.json', 'components.json', 'incidents.json', 'scheduled-maintenances.json'] as const
const TIMEOUTS = { connectMs: 10_000, answerMs: 30_000 }
const MAX_BYTES = 50 * 1024 * 1024

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
