/**
 * When the static mirror is written: after a change of public data (coalesced), when a page changes by the clock
 * alone, at least every REFRESH_MS, and once at start; one instance at a time, skipping a copy another instance
 * already made late enough. docs/architecture.md, "Static mirror"; docs/deployment.md, "A static mirror".
 */
import { onLocalDataChange, onPeerDataChange } from '@/runtime/data-version'

import { collectSite, type Fetch } from './collect'
import { collectPages } from './pages'
import type { MirrorLock } from './lock'
import { MirrorDirError, readManifest, writeSnapshot } from './snapshot'

export const DEBOUNCE_MS = 250
export const REFRESH_MS = 60_000
/**
 * The soonest a copy is written again by the clock alone. A route may announce a time already past (a maintenance
 * whose start has come before the ticker moved it): its change is a data change, written when the ticker makes it.
 */
export const MIN_REFRESH_MS = 5000
/** While another instance holds the lock: its copy may already do, which the manifest says once it is done. */
const LOCKED_RETRY_MS = 100
/**
 * How long after the first abandoned copy (since the last one put in place) later changes still abandon the copy
 * being read: a burst of changes then costs one copy after its last change, while changes that keep coming for
 * longer cannot keep every copy from finishing.
 */
export const ABANDON_WINDOW_MS = 1000
const RETRY_MS = 1000
const MAX_RETRY_MS = 30_000

export interface StaticMirrorOptions {
  dir: string
  fetch: Fetch
  lock: MirrorLock
  now?: () => Date
  log?: (line: string) => void
  /** Subscribes to this instance's data changes (default: onLocalDataChange). */
  onChange?: (listener: () => void) => () => void
  /** Subscribes to the other instances' data changes (default: onPeerDataChange); they only abandon outdated copies. */
  onPeerChange?: (listener: () => void) => () => void
  debounceMs?: number
  refreshMs?: number
  minRefreshMs?: number
  abandonWindowMs?: number
}

export interface StaticMirror {
  /** Asks for a copy that shows the data of `at` (default: now) or later. */
  request(at?: Date): void
  /** Stops the timers and waits for a write under way. */
  stop(): Promise<void>
  /** Resolves when no write is under way or due within the debounce (tests). */
  settled(): Promise<void>
}

export function startStaticMirror({
  now = () => new Date(),
  log = console.log,
  onChange = onLocalDataChange,
  onPeerChange = onPeerDataChange,
  debounceMs = DEBOUNCE_MS,
  refreshMs = REFRESH_MS,
  minRefreshMs = MIN_REFRESH_MS,
  abandonWindowMs = ABANDON_WINDOW_MS,
  ...writing // dir, fetch and lock: only the writer uses them
}: StaticMirrorOptions): StaticMirror {
  const writer = mirrorWriter({ ...writing, now, log, refreshMs, minRefreshMs, abandonWindowMs })
  /** The time from which a copy satisfies every request not yet served; null: none outstanding. */
  let wanted: number | null = null
  let timer: NodeJS.Timeout | undefined
  let timerAt = Infinity
  let running: Promise<void> | null = null
  let stopped = false
  let refreshTimer: NodeJS.Timeout | undefined

  const schedule = (delayMs: number) => {
    if (stopped || running) return // a write under way looks at `wanted` when it ends
    const at = Date.now() + delayMs
    if (timer && timerAt <= at) return
    clearTimeout(timer)
    timerAt = at
    timer = setTimeout(
      () => {
        timer = undefined
        timerAt = Infinity
        running = write().then((retryMs) => {
          running = null
          if (wanted !== null) schedule(retryMs ?? debounceMs)
        })
      },
      Math.max(0, delayMs),
    )
    timer.unref()
  }

  const want = (at: number, delayMs = debounceMs) => {
    wanted = Math.max(wanted ?? at, at)
    schedule(delayMs)
  }

  /** The next write by the clock: a request for that moment, so that a copy another instance started since counts. */
  const refreshAt = (at: number) => {
    clearTimeout(refreshTimer)
    refreshTimer = setTimeout(() => !stopped && want(at, 0), Math.max(0, at - now().getTime()))
    refreshTimer.unref()
  }

  /** One attempt at what is wanted; the delay before the next when it must be tried again, else null. */
  async function write(): Promise<number | null> {
    const asked = wanted ?? now().getTime()
    wanted = null
    const attempt = await writer.write(asked)
    if ('retryMs' in attempt) {
      wanted = Math.max(wanted ?? asked, asked)
      return attempt.retryMs
    }
    if (attempt.refreshAt !== null) refreshAt(attempt.refreshAt)
    return null
  }

  // The first change after a quiet spell is copied at once; changes while a copy is due or under way wait the
  // debounce, so a burst still makes one copy, and one more after a write under way.
  const unsubscribe = onChange(() => {
    writer.abandonOutdated()
    want(now().getTime(), running || timer ? debounceMs : 0)
  })
  // Another instance's change: the copy being read cannot show it, and that instance waits for the lock this one
  // holds; read again at once instead, so the copy it then finds already shows its change.
  const unsubscribePeer = onPeerChange(writer.abandonOutdated)

  return {
    request(at = now()) {
      want(at.getTime())
    },
    async stop() {
      stopped = true
      unsubscribe()
      unsubscribePeer()
      clearTimeout(timer)
      clearTimeout(refreshTimer)
      await running
    },
    async settled() {
      while (running || timer) await (running ?? new Promise((resolve) => setTimeout(resolve, 10)))
    },
  }
}

type WriterOptions = Required<
  Pick<StaticMirrorOptions, 'dir' | 'fetch' | 'lock' | 'now' | 'log' | 'refreshMs' | 'minRefreshMs' | 'abandonWindowMs'>
>

/** What one attempt came to: a copy in place (with when to refresh it by the clock), or a retry after `retryMs`. */
type Attempt = { refreshAt: number | null } | { retryMs: number }

/**
 * Writes copies under the lock, skipping one another instance already wrote; keeps count of failures to log each
 * kind once and to back off, and can abandon the copy being read when a change makes it outdated.
 */
function mirrorWriter(options: WriterOptions) {
  const { dir, lock, now, log, abandonWindowMs } = options
  let failures = 0
  let refused = false
  /** The copy being read, abandoned when a change makes it outdated (within the window, ABANDON_WINDOW_MS). */
  let reading: AbortController | null = null
  /** When the first copy since the last one put in place was abandoned; null: none was. */
  let abandonedSince: number | null = null

  const abandonOutdated = () => {
    if (!reading) return
    const at = now().getTime()
    if (abandonedSince !== null && at - abandonedSince >= abandonWindowMs) return
    abandonedSince ??= at
    reading.abort()
  }

  /** The delay before the next attempt after a failure, logged once per spell (a refused directory once per kind). */
  const failed = (error: unknown) => {
    failures += 1
    if (error instanceof MirrorDirError) {
      if (!refused) log(`Static mirror: ${error.message}`)
      refused = true
    } else if (failures === 1)
      log(
        `Static mirror: could not write (keeping the last copy; retrying): ${error instanceof Error ? error.message : String(error)}`,
      )
    return Math.min(RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS)
  }

  const write = async (asked: number): Promise<Attempt> => {
    let next: number | null = null
    try {
      const locked = await lock.run(async () => {
        const latest = await readManifest(dir)
        if (latest && Date.parse(latest.startedAt) >= asked) {
          next = Date.parse(latest.refreshAt) // another instance wrote what was asked
          return
        }
        const controller = new AbortController()
        reading = controller
        const copied = await copySite(options, controller.signal)
        next = copied.refreshAt
        abandonedSince = null
        if (failures > 0 || refused) log(`Static mirror: written again (${copied.count} files in ${dir})`)
        failures = 0
        refused = false
      })
      // Another instance is writing (or the lock is unreachable): ask again shortly; its copy may already do.
      if (!locked) return { retryMs: LOCKED_RETRY_MS }
      return { refreshAt: next }
    } catch (error) {
      // Abandoned for a newer change: read again at once, with that change.
      if (reading?.signal.aborted) return { retryMs: 0 }
      return { retryMs: failed(error) }
    } finally {
      reading = null
    }
  }

  return { write, abandonOutdated }
}

/**
 * Whether the default page is public: a private one answers a stranger (the mirror is one: it sends no address and no
 * cookie) 401, or 403 by network, and has no copy, as a file server in front would show it to anyone
 * (docs/private-pages.md). Anything else is the copy's business (it fails on an answer it cannot keep).
 */
async function defaultPageIsPublic(fetch: Fetch): Promise<boolean> {
  const { status } = await fetch('/api/v1/status', 'application/json')
  return status !== 401 && status !== 403
}

/** Reads the site into a new copy and puts it in place; when to refresh it is the earliest expiry it announced. */
async function copySite(
  { dir, fetch, now, refreshMs, minRefreshMs }: WriterOptions,
  signal: AbortSignal,
): Promise<{ count: number; refreshAt: number }> {
  const startedAt = now()
  let refresh = 0
  let count = 0
  await writeSnapshot(
    dir,
    async (add) => {
      const collected = (await defaultPageIsPublic(fetch))
        ? await collectSite(fetch, startedAt, add, { signal })
        : { count: 0, expiresAt: null }
      const pages = await collectPages(fetch, startedAt, add, { signal })
      count = collected.count + pages.count
      const expiresAt = Math.min(collected.expiresAt ?? Infinity, pages.expiresAt ?? Infinity)
      refresh = Math.max(Math.min(expiresAt, startedAt.getTime() + refreshMs), startedAt.getTime() + minRefreshMs)
      return { startedAt, refreshAt: new Date(refresh) }
    },
    now,
  )
  return { count, refreshAt: refresh }
}
