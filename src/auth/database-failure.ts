/**
 * A request during which the database could not be reached (refused, dropped, timed out) is answered 503, not with
 * whatever the failure turned into (finding L7). Payload's authentication swallows lookup errors and treats the
 * caller as anonymous, which became a 401 ("log in again") for a valid key; other failures became 500.
 *
 * The adapter's methods are wrapped once: a connection-class error marks the request in progress (an
 * AsyncLocalStorage that the route wrapper opens), and the wrapper then answers 503.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

import type { Payload } from 'payload'

interface Watch {
  failed: boolean
}

const current = new AsyncLocalStorage<Watch>()

/** PostgreSQL classes 08 (connection), 57 (operator intervention: terminated, timed out by statement_timeout),
 * 53300 (too many connections); Node socket errors; pg-pool's and SQLite's "busy" messages. */
const CONNECTION_CODES = /^(08...|57...|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|SQLITE_BUSY)$/
const CONNECTION_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|database is locked|Client has encountered a connection error/i

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && CONNECTION_CODES.test(code)) return true
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true
  }
  return false
}

const wrapped = new WeakSet<object>()

/** Wraps the database adapter's methods (once per adapter) so a connection failure marks the request. */
export function watchDatabaseFailures(payload: Payload): void {
  const db = payload.db as unknown as Record<string, unknown>
  if (wrapped.has(db)) return
  wrapped.add(db)
  for (const name of Object.keys(db)) {
    const method = db[name]
    if (typeof method !== 'function' || name === 'init' || name === 'connect' || name === 'destroy') continue
    db[name] = function (this: unknown, ...args: unknown[]) {
      const result = (method as (...a: unknown[]) => unknown).apply(this, args)
      if (!(result instanceof Promise)) return result
      return result.catch((error: unknown) => {
        const watch = current.getStore()
        if (watch && isDatabaseUnavailable(error)) watch.failed = true
        throw error
      })
    }
  }
}

/** Runs `work` and tells whether the database failed to answer during it. */
export async function watchingDatabase<T>(work: () => Promise<T>): Promise<{ result: T; databaseFailed: boolean }> {
  const watch: Watch = { failed: false }
  const result = await current.run(watch, work)
  return { result, databaseFailed: watch.failed }
}
