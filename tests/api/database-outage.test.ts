/**
 * A database that does not answer gives 503 within seconds, never a 401 for a valid key (finding L7). PostgreSQL
 * only: a lock held by another session stands in for a partition (the statement timeout ends the wait), and
 * pg_terminate_backend for a connection cut in the middle of the key lookup.
 */
import pg from 'pg'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { api, createUser, type TestUser } from '../helpers/api'
import { createIntegration, webhook } from '../helpers/integrations'

vi.hoisted(() => {
  // Before the configuration is read: a short statement timeout keeps the test quick.
  process.env.DATABASE_STATEMENT_TIMEOUT_MS = '2000'
})

const postgres = process.env.TEST_DIALECT === 'postgres'

describe.runIf(postgres)('L7: the database not answering', () => {
  let editor: TestUser
  let locker: pg.Client | undefined

  beforeAll(async () => {
    editor = await createUser('editor')
  })

  afterEach(async () => {
    await locker?.query('ROLLBACK').catch(() => undefined)
    await locker?.end()
    locker = undefined
  })

  /** Another session holds the users table, so every lookup of a key or session waits. */
  async function lockUsers(): Promise<pg.Client> {
    locker = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await locker.connect()
    await locker.query('BEGIN')
    await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE')
    return locker
  }

  it('answers 503 (not 401) when the key lookup times out, and serves again afterwards', async () => {
    await lockUsers()
    const res = await api('GET', '/incidents?limit=1', { key: editor.key })
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBeTruthy()
    expect(res.body.errors[0].message).toMatch(/database/i)
    await locker!.query('ROLLBACK')
    expect((await api('GET', '/incidents?limit=1', { key: editor.key })).status).toBe(200)
  })

  it('answers 503 (not 401) when the connection doing the key lookup is terminated', async () => {
    const hold = await lockUsers()
    const pending = api('GET', '/users/me', { key: editor.key })
    let terminated = 0
    while (terminated === 0) {
      const { rows } = await hold.query(
        "SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'",
      )
      terminated = rows.length
    }
    const res = await pending
    expect(res.status).toBe(503)
    await hold.query('ROLLBACK')
    const after = await api('GET', '/users/me', { key: editor.key })
    expect(after.status).toBe(200)
    expect(after.body.user.email).toBe(editor.email)
  })

  it('answers the monitoring webhook 503 with Retry-After while the database does not answer, 500 for a defect', async () => {
    const admin = await createUser('admin')
    const { id, token } = await createIntegration(admin, { name: 'Outage', kind: 'generic' })
    const notification = { key: 'outage', state: 'resolved' }
    locker = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await locker.connect()
    await locker.query('BEGIN')
    await locker.query('LOCK TABLE integrations IN ACCESS EXCLUSIVE MODE')
    const waiting = await webhook(token, notification)
    expect(waiting.status).toBe(503)
    expect(waiting.headers.get('retry-after')).toBeTruthy()
    expect(waiting.body.errors[0].message).toMatch(/database/i)
    await locker.query('ROLLBACK')
    expect((await webhook(token, notification)).status).toBe(200)
    // The database answers, the code fails (a kind a newer release wrote, which no parser reads): no Retry-After.
    await locker.query(`ALTER TYPE "public"."enum_integrations_kind" ADD VALUE IF NOT EXISTS 'retired-kind'`)
    await locker.query(`UPDATE integrations SET kind = 'retired-kind' WHERE id = $1`, [id])
    const defect = await webhook(token, notification)
    expect(defect.status).toBe(500)
    expect(defect.headers.get('retry-after')).toBeNull()
  })
})
