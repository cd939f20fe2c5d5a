/**
 * The last good copies survive a restart: an instance keeps them under LAST_GOOD_DIR; killed, and started
 * again while PostgreSQL refuses connections (a TCP proxy, tests/helpers/tcp-proxy.ts), it does not exit: it serves
 * the copies (X-Cache: STALE), answers the CMS 503 with Retry-After (Payload cannot start), says in /api/health that
 * the database is down, and serves fresh pages with every acknowledged write as soon as the database answers.
 */
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  type Answer,
  call,
  createUserKey,
  firstAdminKey,
  dropPostgres,
  killService,
  postgresEnv,
  type Started,
  startService,
  stopServices,
} from '../helpers/service'
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy'
import { lastGoodFile, loadLastGood } from '@/edge/last-good-file'

let proxy: TcpProxy
let databaseUrl: string
let env: Record<string, string>
let first: Started
/** The instance running at the end of a test. */
let running: Started
let auth: Record<string, string>
let admin: Record<string, string>
const dir = mkdtempSync(path.join(os.tmpdir(), 'sp-last-good-'))
const file = lastGoodFile(dir)

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

beforeAll(async () => {
  const database = await postgresEnv('restart_')
  databaseUrl = database.DATABASE_URL
  const target = new URL(databaseUrl)
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
  env = {
    ...database,
    DATABASE_URL: proxy.through(databaseUrl),
    DATABASE_STATEMENT_TIMEOUT_MS: '3000',
    DATABASE_CONNECT_TIMEOUT_MS: '2000',
    LAST_GOOD_DIR: dir,
    ...firstAdminKey(),
  }
  first = await startService(env)
  auth = { authorization: `users API-Key ${await createUserKey(first, 'editor')}` }
  admin = { authorization: `users API-Key ${await createUserKey(first, 'admin')}` }
}, 600_000)

afterAll(async () => {
  stopServices()
  await proxy?.close()
  await dropPostgres(databaseUrl)
})

describe('an instance restarted while PostgreSQL is unreachable', () => {
  it('serves the copies it wrote before, keeps trying, and serves fresh once the database answers', async () => {
    const made = await call(`${first.base}/api/incidents`, {
      method: 'POST',
      headers: auth,
      body: { title: 'Written before the restart', updates: [{ status: 'investigating', message: 'Looking.' }] },
    })
    expect(made.status).toBe(201)
    const seen: Record<string, Answer> = {}
    for (const route of ['/', '/history', '/api/v1/status', '/api/v1/incidents', '/feed.atom']) {
      seen[route] = await call(`${first.base}${route}`)
      expect(seen[route].status, route).toBe(200)
    }
    // Written within LAST_GOOD_SAVE_MS, whole (a temporary file renamed over it).
    const written = await until(
      async () => loadLastGood(file),
      (copies) => copies.length >= 5,
    )
    expect(written.length).toBeGreaterThanOrEqual(5)

    killService(first)
    await proxy.refuse()
    const port = Number(new URL(first.base).port)
    // The start asks /api/health again every 100 ms instead of 2 s (a test hook): its repeated checks come at once.
    const second = await startService(
      { ...env, STATUSPAGE_TEST_HOOKS: '1', STATUSPAGE_TEST_HEALTH_RETRY_MS: '100' },
      { port, healthy: false },
    )
    running = second

    const home = await call(`${second.base}/`)
    expect(home.status).toBe(200)
    expect(home.headers['x-cache']).toBe('STALE')
    expect(home.headers.age).toBeDefined()
    expect(home.text).toContain('This page could not be refreshed; it shows the status as of')
    expect(home.text).toContain('Written before the restart')
    const status = await call(`${second.base}/api/v1/status`)
    expect(status).toMatchObject({ status: 200, text: seen['/api/v1/status'].text })
    expect(status.headers['x-cache']).toBe('STALE')
    const feed = await call(`${second.base}/feed.atom`)
    expect(feed).toMatchObject({ status: 200, text: seen['/feed.atom'].text })

    const health = await call(`${second.base}/api/health`)
    expect(health.status).toBe(503)
    expect(health.json()).toEqual({ status: 'unavailable', database: 'down' })
    expect(second.child.exitCode).toBeNull()
    // Payload cannot start: the CMS says so with 503 and Retry-After in its own shape, not 500 "There was an error
    // initializing Payload".
    for (const cms of [
      () => call(`${second.base}/api/incidents`, { headers: auth }),
      () =>
        call(`${second.base}/api/incidents`, {
          method: 'POST',
          headers: auth,
          body: { title: 'Refused', updates: [{ status: 'investigating', message: 'x' }] },
        }),
      () =>
        call(`${second.base}/api/graphql`, {
          method: 'POST',
          headers: auth,
          body: { query: '{ Incidents { totalDocs } }' },
        }),
    ]) {
      const answer = await cms()
      expect(answer.status).toBe(503)
      expect(answer.headers['retry-after']).toBeDefined()
      expect(answer.json()).toEqual({
        errors: [{ message: 'The database is not answering; try again in a few seconds.' }],
      })
    }
    // The start's own health loop says so once (within its first checks), however often it asks: counted by the
    // health checks the edge handed to Next (/__edge/stats), three more after the line.
    const log = await until(
      async () => second.output(),
      (output) => output.includes('Waiting for the database'),
    )
    expect(log).toContain('Waiting for the database')
    const checks = async () => ((await call(`${second.base}/__edge/stats`)).json().next['/api/health'] ?? 0) as number
    const before = await checks()
    expect(await until(checks, (count) => count >= before + 3)).toBeGreaterThanOrEqual(before + 3)
    expect(second.output().match(/Waiting for the database/g)).toHaveLength(1)
    // The admin's pages say so too, with 503 and Retry-After, not Next's 500 page.
    const admin = await call(`${second.base}/admin`)
    expect(admin.status).toBe(503)
    expect(admin.headers['retry-after']).toBeDefined()
    expect(admin.text).toContain('The admin is waiting for the database')

    await proxy.forward()
    const healthy = await until(
      () => call(`${second.base}/api/health`),
      (answer) => answer.status === 200,
    )
    expect(healthy.json()).toEqual({ status: 'ok', database: 'up' })
    // …and open by themselves once the start's loop has seen the database answer.
    const adminAgain = await until(
      () => call(`${second.base}/admin`),
      (answer) => answer.status !== 503,
    )
    expect(adminAgain.status).toBeLessThan(500)
    expect(adminAgain.text).not.toContain('The admin is waiting for the database')
    const incidents = await until(
      () => call(`${second.base}/api/v1/incidents`),
      (answer) => answer.headers['x-cache'] !== 'STALE',
    )
    expect(incidents.status).toBe(200)
    expect(incidents.json().data.map((i: { title: string }) => i.title)).toContain('Written before the restart')
    const after = await call(`${second.base}/api/incidents`, {
      method: 'POST',
      headers: auth,
      body: { title: 'Written after the restart', updates: [{ status: 'investigating', message: 'x' }] },
    })
    expect(after.status).toBe(201)
    const fresh = await until(
      () => call(`${second.base}/`),
      (answer) => answer.text.includes('Written after the restart'),
    )
    expect(fresh.headers['x-cache']).not.toBe('STALE')
  })
})

describe('a deleted incident', () => {
  it('does not come back from a last good copy: not during an outage, not after a restart', async () => {
    const base = running.base
    const title = 'Posted by mistake: customer Contoso'
    const posted = await call(`${base}/api/incidents`, {
      method: 'POST',
      headers: auth,
      body: { title, updates: [{ status: 'investigating', message: 'Contoso cannot log in.' }] },
    })
    expect(posted.status).toBe(201)
    const { id, shortId } = posted.json().doc
    const kept = await call(`${base}/api/incidents`, {
      method: 'POST',
      headers: auth,
      body: { title: 'Another incident', updates: [{ status: 'investigating', message: 'Looking.' }] },
    })
    const other = `/i/${kept.json().doc.shortId}`
    const own = [`/i/${shortId}`, `/api/v1/incidents/${shortId}`]
    const lists = ['/', '/api/v1/incidents', '/feed.atom', '/api/v2/incidents.json']
    // The outage of the test before may have left a URL served from its copy while it refreshes behind: read each
    // until it is fresh.
    for (const route of [...own, ...lists]) {
      const answer = await until(
        () => call(`${base}${route}`),
        (read) => read.status === 200 && read.text.includes(title),
      )
      expect(answer.status, route).toBe(200)
      expect(answer.text, route).toContain(title)
    }
    expect((await call(`${base}${other}`)).status).toBe(200)
    // The copies of the incident are on disk before it is deleted.
    const onDisk = () => loadLastGood(file).filter((copy) => copy.body.toString('utf8').includes(title))
    expect(
      (
        await until(
          async () => onDisk(),
          (copies) => copies.length >= own.length + lists.length,
        )
      ).length,
    ).toBe(own.length + lists.length)

    const deleted = await call(`${base}/api/incidents/${id}`, { method: 'DELETE', headers: admin })
    expect(deleted.status).toBe(200)
    expect((await call(`${base}${own[0]}`)).status).toBe(404)

    // The database becomes unreachable: the incident is not shown again, from memory or from disk.
    await proxy.refuse()
    const hidden = async (instance: Started) => {
      for (const route of [...own, ...lists]) {
        const answer = await call(`${instance.base}${route}`)
        expect(answer.status, route).not.toBe(200)
        expect(answer.text, route).not.toContain(title)
      }
      // Another incident's page still has its copy.
      const kept = await call(`${instance.base}${other}`)
      expect(kept.status).toBe(200)
      expect(kept.headers['x-cache']).toBe('STALE')
    }
    await hidden(running)
    // Written again at once, not within LAST_GOOD_SAVE_MS: a crash now does not bring the copies back.
    expect(
      await until(
        async () => onDisk(),
        (copies) => copies.length === 0,
      ),
    ).toEqual([])

    killService(running)
    const port = Number(new URL(running.base).port)
    running = await startService(env, { port, healthy: false })
    await hidden(running)
    await proxy.forward()
  })
})
