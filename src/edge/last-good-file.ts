/**
 * The last good copies on disk (issue 22): the response cache's copies (src/edge/response-cache.ts) are written
 * under the data directory, so an instance that starts while the database is unreachable still has the public
 * site to show. Written whole to a temporary file and renamed over the old one: a reader, or a crash in the middle,
 * never sees half a file. Read once at start (before the first
 * request); a file that cannot be read is logged and ignored.
 */
import { readFileSync } from 'node:fs'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'

import type { Entry, ResponseCache } from './response-cache'

/** What is kept of an entry: enough to send it again, nothing of how it was sent. */
interface Saved {
  key: string
  status: number
  headers: Record<string, string | string[]>
  body: string
  etag?: string
  storedAt: number
}

const FORMAT = 1

export function lastGoodFile(dataDir: string): string {
  return path.join(dataDir, 'last-good-copies.json')
}

export async function saveLastGood(file: string, entries: Entry[]): Promise<void> {
  const saved: Saved[] = entries.map(({ key, status, headers, body, etag, storedAt }) => ({
    key,
    status,
    headers,
    body: body.toString('base64'),
    etag,
    storedAt,
  }))
  await mkdir(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, JSON.stringify({ format: FORMAT, entries: saved }))
  await rename(temporary, file)
}

export type Restored = Omit<Entry, 'plan' | 'encoded' | 'size'>

export function loadLastGood(file: string, log: (message: string) => void = console.error): Restored[] {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT')
      log(`Last good copies: cannot read ${file} (${(error as Error).message}); starting without them`)
    return []
  }
  try {
    const parsed = JSON.parse(text) as { format?: number; entries?: Saved[] }
    if (parsed.format !== FORMAT || !Array.isArray(parsed.entries))
      throw new Error(`unknown format ${String(parsed.format)}`)
    // Version -1: never fresh (the data version starts at 0), only ever a last good copy.
    return parsed.entries.map(({ key, status, headers, body, etag, storedAt }) => ({
      key,
      status,
      headers,
      body: Buffer.from(body, 'base64'),
      etag,
      storedAt,
      version: -1,
      expiresAt: null,
      cacheable: true,
    }))
  } catch (error) {
    log(`Last good copies: ${file} is not readable (${(error as Error).message}); starting without them`)
    return []
  }
}

/** How often the copies are written when they changed: a crash loses at most this much. */
export const LAST_GOOD_SAVE_MS = 5000

/**
 * Loads the copies into `cache` (now, before the first request), then writes them every LAST_GOOD_SAVE_MS when they
 * changed, and once more at close.
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
  return {
    close() {
      clearInterval(timer)
      return save()
    },
  }
}
