/**
 * A request during which the database could not be reached (refused, dropped, timed out) is answered 503, not with
 * whatever the failure turned into. Payload's authentication swallows lookup errors and treats the
 * caller as anonymous, which became a 401 ("log in again") for a valid key; other failures became 500.
 *
 * The adapter's methods are wrapped once: a connection-class error marks the request in progress (an
 * AsyncLocalStorage that the route wrapper opens), and the wrapper then answers 503.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

import type { Payload } from 'payload'

import { isDatabaseUnavailable } from '@/db/unavailable'
import { noteDatabaseAnswered } from '@/runtime/health'

interface Watch {
  failed: boolean
}

const current = new AsyncLocalStorage<Watch>()

const NOT_ASKED_AGAIN = 'The database failed earlier in this request; not asked again'
/** The adapter's reads and writes (not its transactions: a rollback must still reach the database). */
const OPERATIONS = /^(find|count|create|update|delete|query|upsert)/
/** One log line per burst of failures, not one per query. */
const LOG_EVERY_MS = 10_000
let loggedAt = -Infinity

export function logUnavailable(error: unknown): void {
  const now = Date.now()
  if (now - loggedAt < LOG_EVERY_MS) return
  loggedAt = now
  let cause = error as { message?: unknown; cause?: unknown }
  while (cause?.cause && typeof cause.cause === 'object') cause = cause.cause as typeof cause
  console.error(
    `Database unavailable: ${String(cause?.message ?? error)} (requests answer 503, visitors get the last good copies; logged at most every ${LOG_EVERY_MS / 1000} s)`,
  )
}

const wrapped = new WeakSet<object>()

/** Wraps the database adapter's methods (once per adapter) so a connection failure marks the request. */
export function watchDatabaseFailures(payload: Payload): void {
  const db = payload.db as unknown as Record<string, unknown>
  if (wrapped.has(db)) return
  wrapped.add(db)
  // pg-pool re-emits an idle connection's error (a cut session, a restarted server) on the pool: without a
  // listener that is an uncaught exception, and the whole process would go with the database.
  const pool = db.pool as { on?: (event: 'error', listener: (error: Error) => void) => void } | undefined
  pool?.on?.('error', logUnavailable)
  for (const name of Object.keys(db)) {
    const method = db[name]
    if (typeof method !== 'function' || name === 'init' || name === 'connect' || name === 'destroy') continue
    const operation = OPERATIONS.test(name)
    db[name] = function (this: unknown, ...args: unknown[]) {
      // The database already failed during this request: it is not waited for again, so the request ends within
      // a second of the statement timeout instead of one timeout per query.
      if (operation && current.getStore()?.failed) return Promise.reject(new Error(NOT_ASKED_AGAIN))
      const result = (method as (...a: unknown[]) => unknown).apply(this, args)
      if (!(result instanceof Promise)) return result
      return result.then(
        (value: unknown) => {
          noteDatabaseAnswered()
          return value
        },
        (error: unknown) => {
          const watch = current.getStore()
          if (isDatabaseUnavailable(error)) {
            logUnavailable(error)
            if (watch) watch.failed = true
          } else noteDatabaseAnswered() // a constraint or a syntax error is an answer too
          throw error
        },
      )
    }
  }
}

/** Runs `work` and tells whether the database failed to answer during it. */
export async function watchingDatabase<T>(work: () => Promise<T>): Promise<{ result: T; databaseFailed: boolean }> {
  const watch: Watch = { failed: false }
  const result = await current.run(watch, work)
  return { result, databaseFailed: watch.failed }
}
