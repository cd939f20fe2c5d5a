/**
 * Reads the public site from this instance, as a visitor would get it, into the files of one mirror copy: the fixed
 * addresses (src/mirror/layout.ts), each service's and group's page, the page of each range of each metric, and the
 * page of each incident and maintenance of the last 90 days (found through the public API's lists). Nothing is written unless every read succeeded, so
 * the mirror keeps its last good copy while the database fails.
 */
import pLimit from 'p-limit'

import { FIXED_PATHS, metricPaths, mirrorFileOf, RECORD_DAYS, recordPaths, servicePaths } from './layout'
import type { AddFile, MirrorFile } from './snapshot'

/** What the origin answered (the edge's loopback: Next, without the response cache). */
export interface Fetched {
  status: number
  rawHeaders: string[]
  body: Buffer
}

/** A GET of `pathWithQuery` with `accept`, addressed to `origin` (default: the default page's). */
export type Fetch = (pathWithQuery: string, accept: string, origin?: string) => Promise<Fetched>

export interface Collected {
  /** How many files were added. */
  count: number
  /** The earliest time a route said its response changes by the clock alone (`x-statuspage-expires`), or null. */
  expiresAt: number | null
}

export class OriginError extends Error {}

const EXPIRES = 'x-statuspage-expires'
/** Enough pages of 100 for any status page's 90 days; past that the oldest are left out. */
const MAX_LIST_PAGES = 20
const DAY_MS = 86_400_000
const SERVICES = '/api/v1/services'
const METRICS = '/api/v1/metrics'

const header = (raw: string[], name: string): string | undefined => {
  for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() === name) return raw[i + 1]
  return undefined
}

/**
 * Waits for every read, then fails with the first failure: a copy is removed only after nothing adds to it any more.
 */
async function allSettled(work: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(work)).find((outcome) => outcome.status === 'rejected')
  if (failed) throw failed.reason
}

const acceptOf = (pathname: string) => (pathname.startsWith('/api/') ? 'application/json' : '*/*')

/** Reads the site and adds each file to the copy as soon as it is read (src/mirror/snapshot.ts, writeSnapshot). */
export async function collectSite(
  fetch: Fetch,
  now: Date,
  add: AddFile,
  { concurrency = 4, signal }: { concurrency?: number; signal?: AbortSignal } = {},
): Promise<Collected> {
  const limit = pLimit(concurrency)
  let expiresAt: number | null = null
  let count = 0

  const read = async (pathWithQuery: string, { missingIsFine = false } = {}): Promise<Fetched | null> => {
    // An abandoned copy (a newer change made it outdated) stops at its next read.
    signal?.throwIfAborted()
    const answer = await fetch(pathWithQuery, acceptOf(pathWithQuery))
    if (answer.status === 404 && missingIsFine) return null // deleted since it was listed
    if (answer.status !== 200) throw new OriginError(`${pathWithQuery} answered ${answer.status}`)
    const expires = Number(header(answer.rawHeaders, EXPIRES))
    if (Number.isFinite(expires) && expires > 0) expiresAt = expiresAt === null ? expires : Math.min(expiresAt, expires)
    return answer
  }
  const asFile = (pathname: string, answer: Fetched): MirrorFile => {
    const contentType = header(answer.rawHeaders, 'content-type') ?? 'application/octet-stream'
    return { path: pathname, file: mirrorFileOf(pathname, contentType), contentType, body: answer.body }
  }
  const data = (answer: Fetched | null): unknown =>
    answer ? (JSON.parse(answer.body.toString('utf8')) as { data?: unknown }).data : undefined

  /** Every item of a list since `from`, a hundred at a time. */
  const listAll = async (list: string, from: string): Promise<unknown[]> => {
    const items: unknown[] = []
    for (let page = 1; page <= MAX_LIST_PAGES; page++) {
      const chunk = data(await read(`${list}?from=${from}&limit=100&page=${page}`))
      if (!Array.isArray(chunk)) break
      items.push(...chunk)
      if (chunk.length < 100) break
    }
    return items
  }

  const copy = async (pathname: string, answer: Fetched | null) => {
    if (!answer) return
    await add(asFile(pathname, answer))
    count += 1
  }
  // One pool for everything, the lists first: a record's page starts as soon as its list is read, while the fixed
  // pages render, instead of after the slowest of them (the copy is in place as soon as the last read ends).
  const from = new Date(now.getTime() - RECORD_DAYS * DAY_MS).toISOString().slice(0, 10)
  const pages = (paths: string[]) =>
    allSettled(
      paths.map((pathname) => limit(async () => copy(pathname, await read(pathname, { missingIsFine: true })))),
    )
  const fixed = (pathname: string) =>
    limit(async () => {
      const answer = await read(pathname)
      await copy(pathname, answer)
      return answer
    })
  await allSettled([
    // `/api/v1/services` and `/api/v1/metrics` are files of the copy and the lists of pages: each read once.
    fixed(SERVICES).then((answer) => pages(servicePaths(data(answer)))),
    fixed(METRICS).then((answer) => pages(metricPaths(data(answer)))),
    limit(() => listAll('/api/v1/incidents', from)).then((items) => pages(recordPaths('i', items))),
    limit(() => listAll('/api/v1/maintenances', from)).then((items) => pages(recordPaths('m', items))),
    ...FIXED_PATHS.filter((pathname) => pathname !== SERVICES && pathname !== METRICS).map(fixed),
  ])
  // Abandoned while its last reads were under way: no read follows to stop it, and it must not be put in place.
  signal?.throwIfAborted()
  return { count, expiresAt }
}
