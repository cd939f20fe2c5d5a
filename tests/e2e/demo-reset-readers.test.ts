/**
 * The demo reset is atomic for public readers, through the built server: readers of the pages and
 * /api/v1 during resets that pause half done (DEMO_RESET_PAUSE_MS, between the wipe and the seed) and of which
 * every second one fails there (DEMO_RESET_FAIL_EVERY: on SQLite, with no transaction, the data stays half wiped
 * until the next reset) get the whole demo site or an honest 503 with Retry-After for a URL the edge has no copy
 * of: never a 500, never an empty or partial list. On SQLite and on PostgreSQL. The hooks are
 * tests/helpers/server-test-hooks.mjs's (STATUSPAGE_TEST_HOOKS=1).
 */
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  type Answer,
  call,
  dropPostgres,
  postgresEnv,
  sqliteEnv,
  type Started,
  startService,
  stopServices,
} from '../helpers/service'

const SERVICES = ['Public API', 'Dashboard', 'Database', 'Search', 'E-mail delivery', 'Webhooks']

const demoEnv = () => ({
  DEMO_MODE: 'true',
  DEMO_USER_EMAIL: 'demo@example.test',
  DEMO_USER_PASSWORD: 'demo-password-1234',
  STATUSPAGE_TEST_HOOKS: '1',
  DEMO_RESET_INTERVAL_SECONDS: '2',
  DEMO_RESET_PAUSE_MS: '1000',
  DEMO_RESET_FAIL_EVERY: '2',
  RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
  LAST_GOOD_DIR: mkdtempSync(path.join(os.tmpdir(), 'sp-reset-copies-')),
})

const started: Started[] = []
afterAll(async () => {
  stopServices()
  await new Promise((resolve) => setTimeout(resolve, 1000))
  for (const service of started) await dropPostgres(service.env.DATABASE_URL)
})

/** The whole demo data set, as /api/v1/status shows it. */
function expectWholeStatus(answer: Answer) {
  expect(answer.status, answer.text).toBe(200)
  const data = answer.json().data
  const services = data.serviceGroups.flatMap((g: any) => g.services)
  expect(
    [data.serviceGroups.length, services.length, data.activeIncidents.length, data.activeMaintenances.length],
    answer.text,
  ).toEqual([3, 6, 1, 2])
  expect(data.activeIncidents[0].affectedServices.map((s: any) => s.name)).toEqual(['Webhooks'])
}

/** The whole home page: every service and the active incident. */
function expectWholePage(answer: Answer) {
  expect(answer.status, answer.text.slice(0, 500)).toBe(200)
  for (const name of [...SERVICES, 'Delayed webhook deliveries']) expect(answer.text).toContain(name)
}

/** The whole incident list, or the edge's 503 for a URL it has no copy of while the data is being reset. */
function expectWholeIncidentsOrRetry(answer: Answer) {
  if (answer.status === 503) {
    expect(answer.headers['retry-after']).toBeDefined()
    expect(answer.json().status).toBe(503)
    return
  }
  expect(answer.status, answer.text).toBe(200)
  expect(
    answer
      .json()
      .data.map((i: any) => i.updates.length)
      .sort(),
  ).toEqual([2, 2, 4])
}

const outcomes = (service: Started) => ({
  succeeded: service
    .output()
    .split('\n')
    .filter((line) => line.includes('Demo data reset at')).length,
  failed: service
    .output()
    .split('\n')
    .filter((line) => line.includes('failed by DEMO_RESET_FAIL_EVERY')).length,
})

/**
 * Three readers, each reading the status, the home page and an incident list never asked for before (a miss each
 * time), until the server has failed a reset and then succeeded once more. Returns how many rounds of reads met a
 * reset (one ran or a failed one was unsettled before or after the round, or one committed during it), and how many
 * new URLs were answered 503.
 */
async function readThroughResets(service: Started) {
  const base = service.base
  // The stable URLs get their first copies: a reset may be running (the read waits for it), or a failed one may
  // have left the data half wiped (503 until a reset succeeds).
  const firstCopy = async (url: string) => {
    for (;;) {
      const answer = await call(url)
      if (answer.status !== 503) return answer
      expect(answer.headers['retry-after']).toBeDefined()
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  expectWholeStatus(await firstCopy(`${base}/api/v1/status`))
  expectWholePage(await firstCopy(`${base}/`))
  const before = outcomes(service)
  let succeededAtFailure: number | null = null
  const done = () => {
    const now = outcomes(service)
    if (succeededAtFailure === null && now.failed > before.failed) succeededAtFailure = now.succeeded
    return succeededAtFailure !== null && now.succeeded > succeededAtFailure
  }
  const deadline = Date.now() + 60_000 // only against a hang: the loop ends on the resets it waits for
  let unique = 0
  let duringReset = 0
  let unavailable = 0
  const reader = async () => {
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`the resets did not happen:\n${service.output().slice(-3000)}`)
      const first = (await call(`${base}/__edge/stats`)).json()
      const [status, page, incidents] = await Promise.all([
        call(`${base}/api/v1/status`),
        call(`${base}/`),
        call(`${base}/api/v1/incidents?pretty=${unique++}`),
      ])
      const last = (await call(`${base}/__edge/stats`)).json()
      if (first.demoReset || last.demoReset || first.dataVersion !== last.dataVersion) duringReset += 1
      expectWholeStatus(status)
      expectWholePage(page)
      expectWholeIncidentsOrRetry(incidents)
      if (incidents.status === 503) unavailable += 1
    }
  }
  await Promise.all([reader(), reader(), reader()])
  return { duringReset, unavailable, rounds: unique }
}

describe('readers during demo resets that pause half done and fail every second time', () => {
  let sqlite: Started
  let postgres: Started

  // Both at once: most of a start is Payload's and its first reset's.
  beforeAll(async () => {
    const starting = [
      startService({ ...sqliteEnv('sp-reset-readers-'), ...demoEnv() }),
      postgresEnv('reset_readers_').then((env) => startService({ ...env, ...demoEnv() })),
    ]
    const [first, second] = await Promise.allSettled(starting)
    for (const outcome of [first, second]) if (outcome.status === 'fulfilled') started.push(outcome.value)
    if (first.status === 'rejected') throw first.reason
    if (second.status === 'rejected') throw second.reason
    sqlite = first.value
    postgres = second.value
  })

  // Both at once, as the starts: the file must stay short, and each reads its own server.
  it('on SQLite the copies while a failed reset left the data half wiped; on PostgreSQL a failed reset rolls back', async () => {
    const [onSqlite, onPostgres] = await Promise.all([readThroughResets(sqlite), readThroughResets(postgres)])
    console.log('Readers on SQLite:', onSqlite, 'on PostgreSQL:', onPostgres)
    expect(onSqlite.duringReset).toBeGreaterThan(0)
    expect(sqlite.output()).not.toMatch(/computing a miss failed/)
    expect(onPostgres.duringReset).toBeGreaterThan(0)
    // Nothing was left half done there, so nothing had to be refused.
    expect(onPostgres.unavailable).toBe(0)
  })
})
