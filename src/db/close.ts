/**
 * The end of the database connection, for the shutdown (src/runtime/shutdown.ts): Payload's own `destroy` stops its
 * crons and forgets the schema but leaves the connection open, so the PostgreSQL pool is ended (its connections
 * leave the server's slots at once instead of after their idle timeout) and the SQLite client closed, its write-ahead
 * log checkpointed into the database first.
 */
import type { Payload } from 'payload'

interface PgPool {
  end(): Promise<void>
  /** pg-pool's list of its clients; after `end()` only those checked out remain. */
  _clients?: { release?: (destroy?: boolean) => void }[]
}

interface Connections {
  pool?: PgPool
  client?: { close(): void; execute?(sql: string): Promise<unknown> }
}

export async function closeDatabase(payload: Payload): Promise<void> {
  const { pool, client } = payload.db as unknown as Connections
  await payload.destroy()
  if (pool) {
    const ended = pool.end()
    // The adapter checks a client out when it connects and never gives it back (@payloadcms/db-postgres's
    // connect), and the pool's end waits for every client: the requests are over, so whatever is still checked out
    // is released and closed.
    for (const checkedOut of [...(pool._clients ?? [])]) checkedOut.release?.(true)
    await ended
  } else if (client) {
    // Without a checkpoint the last commits stay in the -wal file beside the database: a copy of the database file
    // alone (a backup, a move to another host) would lose them, and the next start replays them first.
    await client.execute?.('PRAGMA wal_checkpoint(TRUNCATE)').catch((error: unknown) => {
      console.error('Checkpointing the SQLite write-ahead log failed:', error)
    })
    client.close()
  }
}
