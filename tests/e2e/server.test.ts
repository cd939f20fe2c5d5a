/**
 * The service as a newcomer runs it: `npm start` (which builds when needed) on a new embedded SQLite database, then
 * real HTTP (tests/helpers/first-start.ts; server-postgres.test.ts on PostgreSQL); and the start refused for an unsafe
 * secret or an invalid variable.
 */
import { spawnSync } from 'node:child_process'

import { describe, expect, it } from 'vitest'

import { describeFirstStart } from '../helpers/first-start'
import { freePort, root, sqliteEnv } from '../helpers/service'

const postgresServer = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

describeFirstStart('embedded SQLite', async () => sqliteEnv('sp-e2e-', { empty: true }))

describe('npm start refuses an unsafe secret', () => {
  it('exits with a message for a well-known PAYLOAD_SECRET', async () => {
    const result = spawnSync('npm', ['start'], {
      cwd: root,
      env: { ...process.env, PAYLOAD_SECRET: 'changeme', PORT: String(await freePort()) },
      encoding: 'utf8',
      timeout: 600_000,
    })
    expect(result.status).not.toBe(0)
    expect(result.stderr + result.stdout).toContain('Refusing to start: PAYLOAD_SECRET')
  })

  it('exits with one line naming a variable whose value is invalid, before anything starts', async () => {
    const result = spawnSync('npm', ['start'], {
      cwd: root,
      env: { ...process.env, DATABASE_POOL_MAX: 'ten', OUTBOUND_ALLOW_HTTP: 'perhaps', PORT: String(await freePort()) },
      encoding: 'utf8',
      timeout: 600_000,
    })
    expect(result.status).not.toBe(0)
    const line = (result.stderr + result.stdout).split('\n').find((text) => text.startsWith('Refusing to start:'))
    expect(line).toBe(
      'Refusing to start: DATABASE_POOL_MAX must be a whole number of at least 1, got "ten"; OUTBOUND_ALLOW_HTTP must be true or false (or 1/0, yes/no, on/off), got "perhaps"',
    )
  })

  it('exits with a message when PostgreSQL is used in production without a secret', async () => {
    const result = spawnSync('npm', ['start'], {
      cwd: root,
      env: { ...process.env, PAYLOAD_SECRET: '', DATABASE_URL: postgresServer, PORT: String(await freePort()) },
      encoding: 'utf8',
      timeout: 600_000,
    })
    expect(result.status).not.toBe(0)
    expect(result.stderr + result.stdout).toContain('PAYLOAD_SECRET is required')
  })
})
