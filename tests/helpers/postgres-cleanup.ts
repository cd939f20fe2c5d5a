/** Drops the per-file PostgreSQL databases that tests/helpers/database.ts created, once the suite is done. */
import pg from 'pg'

const server = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export default function setup() {
  return async function teardown() {
    const client = new pg.Client({ connectionString: server })
    try {
      await client.connect()
      const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'sp\\_test\\_%'")
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
    } catch (error) {
      console.warn(`Could not drop test databases: ${(error as Error).message}`)
    } finally {
      await client.end().catch(() => {})
    }
  }
}
