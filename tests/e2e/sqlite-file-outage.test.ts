/**
 * The status page stays up when its SQLite file fails. The real service (`npm start`, production) keeps
 * its database on a small tmpfs of its own:
 * - at runtime the disk fills: writes answer 503 with Retry-After in Payload's shape, visitors keep getting pages,
 *   one log line says why, the process stays up;
 * - started again while the file cannot be opened (its path is a directory, as when a volume is missing): public
 *   routes answer their last good copies (STALE) or 503 with Retry-After, the CMS answers 503 in Payload's shape
 *   (not Payload's 500 "There was an error initializing Payload"), /api/health says the database is down; once
 *   the file is back the service recovers by itself.
 * Every write acknowledged before is read back at the end. Mounting needs root (as the tests run here); elsewhere
 * the file is skipped.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeSync,
  closeSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { createClient } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  type Answer,
  call,
  createUserKey,
  firstAdminKey,
  exited,
  type Started,
  startService,
  stopServices,
} from '../helpers/service'

const mountPoint = mkdtempSync(path.join(os.tmpdir(), 'sp-sqlite-disk-'))
// 32 MB: the migrated database and its WAL fit; the filler takes the rest.
const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=32m', 'tmpfs', mountPoint]).status === 0
const databaseFile = path.join(mountPoint, 'service.db')
const filler = path.join(mountPoint, 'filler')
const lastGoodDir = mkdtempSync(path.join(os.tmpdir(), 'sp-sqlite-last-good-'))

let env: Record<string, string>
let server: Started
let auth: Record<string, string>
const acknowledged: string[] = []

const PUBLIC = ['/', '/history', '/api/v1/status', '/api/v1/incidents', '/feed.atom']
const NOT_ANSWERING = 'The database is not answering; try again in a few seconds.'

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const incident = (title: string) =>
  call(`${server.base}/api/incidents`, {
    method: 'POST',
    headers: auth,
    body: { title, updates: [{ status: 'investigating', message: 'Looking.' }] },
  })

/** Writes zeros until the file system refuses: the disk is full. */
function fillDisk(): void {
  const fd = openSync(filler, 'w')
  const chunk = Buffer.alloc(64 * 1024)
  try {
    for (;;) writeSync(fd, chunk)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
  } finally {
    closeSync(fd)
  }
}

/**
 * A checkpoint that empties the WAL, as SQLite makes when nobody is reading: the next commit must grow the WAL,
 * which a full disk refuses (without it, commits reuse the WAL's space and a full disk shows only later).
 */
async function checkpoint(): Promise<void> {
  const client = createClient({ url: `file:${databaseFile}` })
  try {
    await client.execute('PRAGMA wal_checkpoint(TRUNCATE)')
  } finally {
    client.close()
  }
}

beforeAll(async () => {
  if (!mounted) return
  env = {
    DATABASE_URL: `file:${databaseFile}`,
    PAYLOAD_SECRET: randomBytes(24).toString('hex'),
    LAST_GOOD_DIR: lastGoodDir,
    ...firstAdminKey(),
  }
  server = await startService(env)
  auth = { authorization: `users API-Key ${await createUserKey(server, 'editor')}` }
}, 600_000)

afterAll(async () => {
  stopServices()
  if (mounted) spawnSync('umount', ['-l', mountPoint])
  rmSync(mountPoint, { recursive: true, force: true })
  rmSync(lastGoodDir, { recursive: true, force: true })
})

describe.skipIf(!mounted)('a SQLite file that cannot be written or opened', () => {
  it('at runtime, a full disk: writes answer 503 in Payload shape, visitors are served, the process stays up', async () => {
    const before = await incident('Written before the disk filled')
    expect(before.status).toBe(201)
    acknowledged.push('Written before the disk filled')
    for (const route of PUBLIC) expect((await call(`${server.base}${route}`)).status, route).toBe(200)

    await checkpoint()
    fillDisk()
    const refused = await incident('Written on a full disk')
    expect(refused.status).toBe(503)
    expect(refused.headers['retry-after']).toBeDefined()
    expect(refused.json()).toEqual({ errors: [{ message: NOT_ANSWERING }] })
    // The log line comes through the child's pipe, which may deliver it after the answer.
    const logged = /Database unavailable: .*(full|disk)/i
    expect(
      await until(
        async () => server.output(),
        (output) => logged.test(output),
      ),
    ).toMatch(logged)

    // Reads still work: visitors get the page (fresh, or its last good copy), with what was acknowledged.
    for (const route of PUBLIC) {
      const answer = await call(`${server.base}${route}`)
      expect(answer.status, route).toBe(200)
    }
    expect((await call(`${server.base}/api/v1/incidents`)).text).toContain('Written before the disk filled')
    expect(server.child.exitCode).toBeNull()

    rmSync(filler)
    const after = await until(
      () => incident('Written once the disk had room'),
      (answer) => answer.status === 201,
    )
    expect(after.status).toBe(201)
    acknowledged.push('Written once the disk had room')
    for (const route of PUBLIC) expect((await call(`${server.base}${route}`)).status, route).toBe(200)
  })

  it('at start, a file that cannot be opened: copies or 503 for visitors, 503 for the CMS, recovery once it opens', async () => {
    const port = Number(new URL(server.base).port)
    stopServices([server])
    await exited(server)
    // The database's path is a directory now (its volume missing): SQLite cannot open it, nor create a new one.
    const aside = path.join(mountPoint, 'aside')
    mkdirSync(aside)
    for (const suffix of ['', '-wal', '-shm'])
      if (existsSync(databaseFile + suffix)) renameSync(databaseFile + suffix, path.join(aside, `service.db${suffix}`))
    mkdirSync(databaseFile)

    server = await startService(env, { port, healthy: false })
    const home = await call(`${server.base}/`)
    expect(home.status).toBe(200)
    expect(home.headers['x-cache']).toBe('STALE')
    expect(home.headers.age).toBeDefined()
    expect(home.text).toContain('This page could not be refreshed; it shows the status as of')
    expect(home.text).toContain('Written once the disk had room')
    const status = await call(`${server.base}/api/v1/status`)
    expect(status.status).toBe(200)
    expect(status.headers['x-cache']).toBe('STALE')
    // Never seen before the restart: no copy, so 503 with Retry-After in the path's shape.
    const unseen = await call(`${server.base}/api/v1/maintenances?limit=3`)
    expect(unseen.status).toBe(503)
    expect(unseen.headers['retry-after']).toBeDefined()
    expect(unseen.headers['content-type']).toContain('application/problem+json')

    for (const request of [
      () => call(`${server.base}/api/incidents`, { headers: auth }),
      () => incident('Written while the file cannot be opened'),
      () =>
        call(`${server.base}/api/graphql`, {
          method: 'POST',
          headers: auth,
          body: { query: '{ Incidents { totalDocs } }' },
        }),
    ]) {
      const answer: Answer = await request()
      expect(answer.status).toBe(503)
      expect(answer.headers['retry-after']).toBeDefined()
      expect(answer.json()).toEqual({ errors: [{ message: NOT_ANSWERING }] })
    }
    const health = await call(`${server.base}/api/health`)
    expect(health.status).toBe(503)
    expect(health.json()).toMatchObject({ status: 'unavailable', database: 'down' })
    expect(
      await until(
        async () => server.output(),
        (output) => output.includes('Database unavailable:'),
      ),
    ).toContain('Database unavailable:')
    expect(server.child.exitCode).toBeNull()

    rmdirSync(databaseFile)
    for (const suffix of ['', '-wal', '-shm'])
      if (existsSync(path.join(aside, `service.db${suffix}`)))
        renameSync(path.join(aside, `service.db${suffix}`), databaseFile + suffix)
    const healthy = await until(
      () => call(`${server.base}/api/health`),
      (answer) => answer.status === 200,
    )
    expect(healthy.json()).toMatchObject({ status: 'ok', database: 'up' })
    const written = await incident('Written once the file opened again')
    expect(written.status).toBe(201)
    acknowledged.push('Written once the file opened again')

    const incidents = await until(
      () => call(`${server.base}/api/v1/incidents`),
      (answer) => answer.headers['x-cache'] !== 'STALE' && answer.text.includes('Written once the file opened again'),
    )
    const titles = incidents.json().data.map((item: { title: string }) => item.title)
    for (const title of acknowledged) expect(titles).toContain(title)
    expect(titles).not.toContain('Written on a full disk')
    expect(titles).not.toContain('Written while the file cannot be opened')
  })
})
