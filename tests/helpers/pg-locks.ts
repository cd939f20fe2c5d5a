/**
 * Concurrency tests on PostgreSQL: a session of the test's own holds a table lock, so writers that reach a write to
 * that table stop there, inside their open transactions, at a known statement; the test counts the sessions of its
 * database that wait for a lock (any: a table, a row, an advisory lock) to know that each writer got where it
 * should, then lets them go.
 */
import pg from 'pg'

export interface TableHold {
  /** Returns once at least `count` other sessions of the database wait for a lock. */
  waiting(count: number): Promise<void>
  /** Ends the hold (rolls back its transaction) and closes the session. */
  release(): Promise<void>
}

const WAITERS =
  "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'"

async function untilWaiting(client: pg.Client, count: number): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ n: number }>(WAITERS)
    if (rows[0].n >= count) return
  }
}

/** Returns once at least `count` sessions of the database wait for a lock. */
export async function lockWaiters(count: number): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    await untilWaiting(client, count)
  } finally {
    await client.end()
  }
}

export async function holdTable(table: string, mode = 'SHARE'): Promise<TableHold> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  await client.query('BEGIN')
  await client.query(`LOCK TABLE ${client.escapeIdentifier(table)} IN ${mode} MODE`)
  let released = false
  return {
    waiting: (count) => untilWaiting(client, count),
    async release() {
      if (released) return
      released = true
      await client.query('ROLLBACK')
      await client.end()
    },
  }
}
