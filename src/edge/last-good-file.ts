/**
 * The last good copies on disk, so an instance that starts while the database is unreachable still has the public
 * site to show. Written whole to a temporary file and renamed over the old one, so nobody reads half a file. One
 * line of JSON describing the copies, then their bodies byte for byte: encoding the bodies as text would hold the
 * event loop at every save. docs/reliability.md, "The last good copy".
 */
import { readFileSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

import type { Entry, ResponseCache } from './response-cache'

/** What is kept of an entry: enough to send it again, nothing of how it was sent. */
interface Described {
  key: string
  status: number
  headers: Record<string, string | string[]>
  etag?: string
  storedAt: number
  /** The body's length in bytes, in the part after the description. */
  length: number
}

const FORMAT = 2
/** The first format: `{"format":1,"entries":[…]}`, each body base64 in its entry. */
const LEGACY_NAME = 'last-good-copies.json'

export function lastGoodFile(dataDir: string): string {
  return path.join(dataDir, 'last-good-copies')
}

export async function saveLastGood(file: string, entries: Entry[]): Promise<void> {
  const described: Described[] = entries.map(({ key, status, headers, body, etag, storedAt }) => ({
    key,
    status,
    headers,
    etag,
    storedAt,
    length: body.length,
  }))
  await mkdir(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  // JSON.stringify escapes every line break inside strings: the description is one line. writeFile writes each
  // buffer whole, however many there are.
  const description = Buffer.from(`${JSON.stringify({ format: FORMAT, entries: described })}\n`)
  await writeFile(temporary, [description, ...entries.map((entry) => entry.body)])
  await rename(temporary, file)
  await rm(path.join(path.dirname(file), LEGACY_NAME), { force: true })
}

export type Restored = Omit<Entry, 'plan' | 'encoded' | 'size'>

/** Version -1: never fresh (the data version starts at 0), only ever a last good copy. */
const restored = (saved: Omit<Described, 'length'>, body: Buffer): Restored => ({
  key: saved.key,
  status: saved.status,
  headers: saved.headers,
  body,
  etag: saved.etag,
  storedAt: saved.storedAt,
  version: -1,
  expiresAt: null,
  cacheable: true,
})

function parse(file: Buffer): Restored[] {
  const lineEnd = file.indexOf(10)
  if (lineEnd === -1) return parseLegacy(file)
  const head = JSON.parse(file.toString('utf8', 0, lineEnd)) as { format?: number; entries?: Described[] }
  if (head.format !== FORMAT || !Array.isArray(head.entries)) throw new Error(`unknown format ${String(head.format)}`)
  let at = lineEnd + 1
  const copies = head.entries.map((saved) => {
    if (!Number.isSafeInteger(saved.length) || saved.length < 0 || at + saved.length > file.length)
      throw new Error('the bodies are shorter than described')
    // A copy of its own: a slice would keep the whole file in memory for as long as any copy lives.
    const body = Buffer.from(file.subarray(at, (at += saved.length)))
    return restored(saved, body)
  })
  if (at !== file.length) throw new Error('the bodies are longer than described')
  return copies
}

function parseLegacy(file: Buffer): Restored[] {
  const parsed = JSON.parse(file.toString('utf8')) as { format?: number; entries?: (Described & { body: string })[] }
  if (parsed.format !== 1 || !Array.isArray(parsed.entries)) throw new Error(`unknown format ${String(parsed.format)}`)
  return parsed.entries.map((saved) => restored(saved, Buffer.from(saved.body, 'base64')))
}

/** The copies in `file`, or (none there) in the first format's file beside it. */
export function loadLastGood(file: string, log: (message: string) => void = console.error): Restored[] {
  for (const candidate of [file, path.join(path.dirname(file), LEGACY_NAME)]) {
    let content: Buffer
    try {
      content = readFileSync(candidate)
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') continue
      log(`Last good copies: cannot read ${candidate} (${(error as Error).message}); starting without them`)
      return []
    }
    try {
      return parse(content)
    } catch (error) {
      log(`Last good copies: ${candidate} is not readable (${(error as Error).message}); starting without them`)
      return []
    }
  }
  return []
}

/** How often the copies are written when they changed: a crash loses at most this much. */
export const LAST_GOOD_SAVE_MS = 5000

/**
 * Loads the copies into `cache` (now, before the first request), then writes them every LAST_GOOD_SAVE_MS when they
 * changed, at once when copies were withdrawn, and once more at close.
 */
export function keepLastGood(
  cache: ResponseCache,
  file: string,
  log: (message: string) => void = console.error,
): { close(): Promise<void> } {
  const restored = loadLastGood(file, log)
  for (const entry of restored) cache.store.restoreLastGood(entry)
  if (restored.length) console.log(`Last good copies: ${restored.length} loaded from ${file}`)
  let saved = cache.store.lastGoodChanges
  let writing: Promise<void> = Promise.resolve()
  let failed = false
  const save = () => {
    if (cache.store.lastGoodChanges === saved) return writing
    saved = cache.store.lastGoodChanges
    writing = writing
      .then(() => saveLastGood(file, cache.store.lastGoodCopies()))
      .then(
        () => {
          failed = false
        },
        (error: Error) => {
          // Once per run of failures: a full or read-only disk must not fill the log.
          if (!failed) log(`Last good copies: cannot write ${file} (${error.message}); serving from memory only`)
          failed = true
        },
      )
    return writing
  }
  const timer = setInterval(save, LAST_GOOD_SAVE_MS).unref()
  // A copy of something taken back leaves the file at once, not within LAST_GOOD_SAVE_MS: a restart must not bring
  // it back.
  cache.store.onWithdrawn = () => void save()
  return {
    close() {
      clearInterval(timer)
      cache.store.onWithdrawn = undefined
      return save()
    },
  }
}
