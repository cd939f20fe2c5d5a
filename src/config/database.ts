import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { sqliteAdapter } from '@payloadcms/db-sqlite'
import type { DatabaseAdapterObj, Migration } from 'payload'

import { migrations as postgresMigrations } from '@/migrations/postgres'
import { migrations as sqliteMigrations } from '@/migrations/sqlite'

import { type Env, env } from './env'

const migrationsRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations')

export const DEFAULT_SQLITE_URL = 'file:./data/statuspage.db'

export type Dialect = 'sqlite' | 'postgres'

export function dialectOf(databaseUrl: string | undefined): Dialect {
  if (!databaseUrl || databaseUrl.startsWith('file:')) return 'sqlite'
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return 'postgres'
  throw new Error(
    `DATABASE_URL must start with postgres://, postgresql:// or file: (got "${databaseUrl.split(':')[0]}:...")`,
  )
}

/** How long after the statement timeout the client gives up on a query the server never answered (dropped packets). */
export const QUERY_TIMEOUT_MARGIN_MS = 500

/** PostgreSQL time limits: DATABASE_CONNECT_TIMEOUT_MS (5 s) and DATABASE_STATEMENT_TIMEOUT_MS (15 s). */
export function databaseTimeouts(settings: Env = env()) {
  return { connectMs: settings.DATABASE_CONNECT_TIMEOUT_MS, statementMs: settings.DATABASE_STATEMENT_TIMEOUT_MS }
}

/**
 * Schema changes reach every database through committed migrations, never through drizzle's dev push: the tests
 * then run the same SQL that production runs, and a forgotten migration fails a test instead of a deployment.
 */
export function databaseAdapter(settings: Env = env()): { adapter: DatabaseAdapterObj; migrations: Migration[] } {
  const databaseUrl = settings.DATABASE_URL
  if (dialectOf(databaseUrl) === 'postgres') {
    const timeouts = databaseTimeouts(settings)
    return {
      adapter: postgresAdapter({
        // JIT compilation costs more than it saves on these short queries (docs/benchmarks.md).
        pool: {
          connectionString: databaseUrl,
          max: settings.DATABASE_POOL_MAX,
          options: '-c jit=off',
          // A database that does not answer fails the request in seconds (503) instead of holding it for the length
          // of a network partition: connecting, each statement on the server, and each query on the client, which
          // gives up shortly after the server would have, so a request outlives the statement timeout by little when
          // packets are dropped (docs/reliability.md).
          connectionTimeoutMillis: timeouts.connectMs,
          statement_timeout: timeouts.statementMs,
          query_timeout: timeouts.statementMs + QUERY_TIMEOUT_MARGIN_MS,
          keepAlive: true,
        },
        push: false,
        migrationDir: path.join(migrationsRoot, 'postgres'),
      }),
      migrations: postgresMigrations as Migration[],
    }
  }
  const url = databaseUrl ?? DEFAULT_SQLITE_URL
  if (url.startsWith('file:./data/')) mkdirSync(path.resolve('data'), { recursive: true })
  return {
    adapter: sqliteAdapter({
      client: { url },
      // WAL: readers keep reading a consistent snapshot while a write (a notification fan-out, the demo reset) is
      // in progress, instead of failing with SQLITE_BUSY. NORMAL sync is WAL's usual pairing: a crash of the
      // process loses nothing; a power cut may lose the last commits. Writers wait for each other up to 10 s.
      ...(url.startsWith('file:') ? { wal: { synchronous: 'NORMAL' as const } } : {}),
      busyTimeout: 10_000,
      push: false,
      migrationDir: path.join(migrationsRoot, 'sqlite'),
    }),
    migrations: sqliteMigrations as Migration[],
  }
}
