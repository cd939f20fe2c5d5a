/** A benchmark database from scratch: the SQLite file deleted, or the PostgreSQL database dropped and recreated. */
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'

import pg from 'pg'

import { dialectOf } from '../src/config/database'

export async function freshDatabase(databaseUrl: string): Promise<void> {
  if (dialectOf(databaseUrl) === 'sqlite') {
    const file = path.resolve(databaseUrl.replace(/^file:/, ''))
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true })
    mkdirSync(path.dirname(file), { recursive: true })
    return
  }
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''))
  if (!/^[a-z0-9_]+$/i.test(name) || ['postgres', 'template0', 'template1'].includes(name))
    throw new Error(`refusing to recreate the database "${name}"`)
  url.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: url.toString() })
  await admin.connect()
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.query(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.end()
  }
}
