/** Drops the per-file PostgreSQL databases that tests/helpers/database.ts created, once the suite is done. */
import pg from 'pg'

import { runId } from './database-template'
import { checkDatabase } from './preflight'

const server = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/**
 * Each run names its databases with a run id of its own, so a run drops only its own databases and never those of
 * another run going on at the same time on the same server.
 */
export default async function setup() {
  await checkDatabase()
  const run = runId()
  return async function teardown() {
    const client = new pg.Client({ connectionString: server })
    try {
      await client.connect()
      const { rows } = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1',
        [`sp\\_test\\_${run}\\_%`],
      )
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
    } catch (error) {
      console.warn(`Could not drop test databases: ${(error as Error).message}`)
    } finally {
      await client.end().catch(() => {})
    }
  }
}
