/**
 * One writer of the static mirror at a time, across instances: Redis (`SET NX PX`, released only by its holder)
 * when REDIS_URL is set, else a PostgreSQL session advisory lock when the database is PostgreSQL, else none (SQLite
 * is one instance). Two writers at once could each remove the other's copy while pruning, so without the lock
 * nothing is written: `run` answers false and the writer tries again later.
 */
import { randomBytes } from 'node:crypto'

import type { Redis } from 'ioredis'
import pg from 'pg'

export interface MirrorLock {
  /** Runs `work` holding the lock; false (and `work` not run) when another instance holds it or the lock is unreachable. */
  run(work: () => Promise<void>): Promise<boolean>
  close(): Promise<void>
}

export const LOCK_KEY = 'statuspage:static-mirror:lock'
/** The advisory lock's key: any constant bigint the application uses for nothing else. */
export const ADVISORY_KEY = '7301452019880236'

export function noLock(): MirrorLock {
  return { run: async (work) => (await work(), true), close: async () => {} }
}

// Deletes or extends the key only while it still holds this writer's token (it may have expired and been taken).
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"
const EXTEND =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end"

/**
 * `ttlMs`: how long the lock outlives a writer that died holding it (a live writer extends it every third of that), so
 * that the other instances are kept from writing for seconds at most.
 */
export function redisLock(redis: Redis, { ttlMs = 15_000 }: { ttlMs?: number } = {}): MirrorLock {
  return {
    async run(work) {
      const token = randomBytes(16).toString('hex')
      const taken = await redis.set(LOCK_KEY, token, 'PX', ttlMs, 'NX').catch(() => null)
      if (taken !== 'OK') return false
      // A long write keeps its lock: extended while it runs, so it cannot expire under a writer that is alive.
      const keep = setInterval(
        () => void redis.eval(EXTEND, 1, LOCK_KEY, token, String(ttlMs)).catch(() => {}),
        ttlMs / 3,
      )
      keep.unref()
      try {
        await work()
      } finally {
        clearInterval(keep)
        await redis.eval(RELEASE, 1, LOCK_KEY, token).catch(() => {})
      }
      return true
    },
    async close() {
      redis.disconnect()
    },
  }
}

/** A session advisory lock on a connection of its own, opened per write: it ends with the session if the process dies. */
export function postgresLock(
  connectionString: string,
  { connectTimeoutMs = 5000 }: { connectTimeoutMs?: number } = {},
): MirrorLock {
  return {
    async run(work) {
      const client = new pg.Client({ connectionString, connectionTimeoutMillis: connectTimeoutMs })
      client.on('error', () => {}) // a dropped connection fails the query under way; no unhandled event
      try {
        let locked = false
        try {
          await client.connect()
          const { rows } = await client.query<{ locked: boolean }>(
            'SELECT pg_try_advisory_lock($1::bigint) AS locked',
            [ADVISORY_KEY],
          )
          locked = rows[0]?.locked === true
        } catch {
          return false // the database is unreachable: no lock, no write (the writer tries again)
        }
        if (!locked) return false
        await work()
        return true
      } finally {
        // Ending the session releases the lock.
        await client.end().catch(() => {})
      }
    },
    async close() {},
  }
}

/** The lock the configuration allows: Redis, else PostgreSQL, else none (SQLite: one instance). */
export function mirrorLockFor(
  settings: { REDIS_URL?: string; DATABASE_URL?: string },
  redis: (url: string) => Redis,
): MirrorLock {
  if (settings.REDIS_URL) return redisLock(redis(settings.REDIS_URL))
  if (settings.DATABASE_URL && /^postgres(ql)?:/.test(settings.DATABASE_URL)) return postgresLock(settings.DATABASE_URL)
  return noLock()
}
