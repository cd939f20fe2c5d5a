/**
 * Both dialects' migrations make the same foreign keys: for every reference SQLite has, PostgreSQL has one on the
 * same column to the same table with the same ON DELETE action, and the other way round. A reference SQLite made
 * without an action refuses a delete that PostgreSQL carries out. Each dialect's migrations run here, as a start
 * runs them: PostgreSQL's on this file's database, emptied first (tests/helpers/database-template.ts), SQLite's
 * on a file of its own. Both dialects in one comparison, so it runs once, in the PostgreSQL project.
 */
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import path from 'node:path'

import { sql as pgSql } from '@payloadcms/db-postgres/drizzle'
import { drizzle as postgresDrizzle } from '@payloadcms/db-postgres/drizzle/node-postgres'
import { sql } from '@payloadcms/db-sqlite/drizzle'
import { drizzle as sqliteDrizzle } from '@payloadcms/db-sqlite/drizzle/libsql'
import { afterAll, expect, it } from 'vitest'

import { migrations as postgresMigrations } from '@/migrations/postgres'
import { migrations as sqliteMigrations } from '@/migrations/sqlite'
import { emptyDatabase, runDirectory } from '../helpers/database-template'

const onPostgres = process.env.TEST_DIALECT === 'postgres'
const sqliteFile = path.join(runDirectory(), `fk_${randomBytes(6).toString('hex')}.db`)

type Migrate = (args: { db: unknown }) => Promise<void>

/** "table.column -> referenced table ON DELETE action", one line per foreign key. */
async function sqliteKeys(): Promise<string[]> {
  const db = sqliteDrizzle({ connection: { url: `file:${sqliteFile}` } })
  try {
    for (const migration of sqliteMigrations) await (migration.up as unknown as Migrate)({ db })
    const tables = await db.all<{ name: string }>(
      sql`SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) <> 'sqlite_'`,
    )
    const keys: string[] = []
    for (const { name } of tables) {
      const list = await db.all<{ from: string; table: string; on_delete: string }>(
        sql.raw(`PRAGMA foreign_key_list("${name}")`),
      )
      for (const key of list) keys.push(`${name}.${key.from} -> ${key.table} ON DELETE ${key.on_delete.toUpperCase()}`)
    }
    return keys.sort()
  } finally {
    db.$client.close()
  }
}

const PG_ACTIONS: Record<string, string> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
}

async function postgresKeys(): Promise<string[]> {
  await emptyDatabase()
  const db = postgresDrizzle({ connection: { connectionString: process.env.DATABASE_URL } })
  try {
    for (const migration of postgresMigrations) await (migration.up as unknown as Migrate)({ db })
    const { rows } = await db.execute<{ tbl: string; col: string; ref: string; del: string }>(pgSql`
      SELECT c.conrelid::regclass::text AS tbl, a.attname AS col, c.confrelid::regclass::text AS ref,
        c.confdeltype AS del
      FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`)
    return rows.map((r) => `${r.tbl}.${r.col} -> ${r.ref} ON DELETE ${PG_ACTIONS[r.del]}`).sort()
  } finally {
    await db.$client.end()
  }
}

afterAll(() => rmSync(sqliteFile, { force: true }))

it.runIf(onPostgres)(
  'every SQLite foreign key has the same referenced table and ON DELETE action as its PostgreSQL twin',
  async () => {
    const [fromSqlite, fromPostgres] = [await sqliteKeys(), await postgresKeys()]
    expect(fromSqlite.length).toBeGreaterThan(20)
    expect(fromSqlite).toEqual(fromPostgres)
  },
  // Every migration of both dialects, one after the other: over a minute on a loaded CI machine.
  240_000,
)
