/**
 * Demo mode in process, on SQLite and on PostgreSQL: the seed through /api/v1 and the CMS API, a reset wiping what
 * visitors made (settings and credentials included), the demo user's password dropped on REST and GraphQL, the
 * demo-status countdown, and one reset per interval however many runners claim it. (Readers during resets, the
 * banner and several instances: tests/e2e/demo.test.ts.)
 */
process.env.DEMO_MODE = 'true'
process.env.DEMO_USER_EMAIL = 'Demo@Example.test'
process.env.DEMO_USER_PASSWORD = 'demo-password-1234'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import * as demoStatusRoute from '@/app/api/demo-status/route'
import { parseEnv } from '@/config/env'
import { demoConfig } from '@/demo/config'
import { resetDemo } from '@/services/demo/reset'
import { demoHistory } from '@/services/demo/seed-data'
import { readClock, resetAtStart, RETRY_FAILED_RESET_MS, runDemoTick } from '@/demo/schedule'
import { stopRepeating } from '@/runtime/repeat'
import { REVEAL_SECRETS } from '@/fields/secret'
import { api, graphql, payload } from '../helpers/api'
import { v1 } from '../helpers/public-api'

const DEMO_EMAIL = 'demo@example.test'
const DEMO_PASSWORD = 'demo-password-1234'
const HOUR = 3_600_000
const DAY = 24 * HOUR

let demoCookie: string
let demoId: number

async function login(email: string, password: string, address = '192.0.2.1') {
  return api('POST', '/users/login', { body: { email, password }, headers: { 'x-statuspage-client-address': address } })
}

async function demoStatus() {
  const response = await demoStatusRoute.GET()
  return { status: response.status, body: await response.json() }
}

beforeAll(async () => {
  await payload() // onInit reseeds at start
  stopRepeating('demoReset') // the tests below call the scheduler's steps themselves
  const res = await login(DEMO_EMAIL, DEMO_PASSWORD)
  expect(res.status, res.text).toBe(200)
  demoCookie = res.headers.get('set-cookie')!.match(/payload-token=[^;]+/)![0]
  demoId = res.body.user.id
})

afterAll(() => stopRepeating('demoReset'))

async function expectSeed() {
  const status = (await v1('/status')).body.data
  expect(status.siteName).toBe('Acme Cloud Status')
  expect(status.serviceGroups).toHaveLength(3)
  const services = status.serviceGroups.flatMap((g: any) => g.services)
  expect(services).toHaveLength(6)
  expect(services.filter((s: any) => s.status === 'degraded')).toHaveLength(1)
  expect(services.filter((s: any) => s.status === 'operational')).toHaveLength(5)
  expect(status.status).toBe('degraded')
  expect(status.activeIncidents).toHaveLength(1)
  expect(status.activeIncidents[0].updates).toHaveLength(2)
  expect(status.activeIncidents[0].affectedServices.map((s: any) => s.name)).toEqual(['Webhooks'])
  const startsIn = status.activeMaintenances.map((m: any) => (Date.parse(m.scheduledStartAt) - Date.now()) / DAY)
  expect(startsIn).toHaveLength(2)
  expect(startsIn[0]).toBeGreaterThan(2.9)
  expect(startsIn[0]).toBeLessThan(3.1)
  expect(startsIn[1]).toBeGreaterThan(6.9)
  expect(startsIn[1]).toBeLessThan(7.1)

  const incidents = (await v1('/incidents')).body.data
  expect(incidents).toHaveLength(3)
  const resolved = incidents.filter((i: any) => i.status === 'resolved')
  const recent = resolved.find((i: any) => Date.now() - Date.parse(i.resolvedAt) < 12 * HOUR)
  const old = resolved.find((i: any) => Date.now() - Date.parse(i.resolvedAt) > 2 * DAY)
  expect(recent.updates).toHaveLength(4)
  expect((Date.now() - Date.parse(recent.resolvedAt)) / HOUR).toBeGreaterThan(1)
  expect(old.updates).toHaveLength(2)

  const subscribers = await api('GET', '/subscribers?depth=0', { headers: { cookie: demoCookie } })
  expect(subscribers.body.docs.map((s: any) => [s.type, s.verified, s.active]).sort()).toEqual([
    ['email', true, true],
    ['sms', true, true],
  ])
  const users = await api('GET', '/users', { headers: { cookie: demoCookie } })
  expect(users.body.docs.map((u: any) => [u.email, u.role])).toEqual([[DEMO_EMAIL, 'admin']])
}

describe('demo mode', () => {
  it('seeds the contract’s data at start: groups, services, incidents, maintenances, subscribers, settings, the demo user', async () => {
    await expectSeed()
  })

  it('a reset removes everything visitors made, and restores the settings and empties the credentials', async () => {
    const auth = { headers: { cookie: demoCookie } }
    const group = await api('POST', '/service-groups', { ...auth, body: { name: 'Visitor group' } })
    expect(group.status, group.text).toBe(201)
    expect(
      (
        await api('POST', '/incidents', {
          ...auth,
          body: { title: 'Visitor incident', updates: [{ status: 'investigating', message: 'x' }] },
        })
      ).status,
    ).toBe(201)
    expect(
      (
        await api('POST', '/subscribers', {
          ...auth,
          body: { type: 'email', email: 'visitor@example.test', verified: true },
        })
      ).status,
    ).toBe(201)
    expect(
      (
        await api('POST', '/users', {
          ...auth,
          body: { email: 'visitor-admin@example.test', password: 'visitor-pass-1', role: 'admin' },
        })
      ).status,
    ).toBe(201)
    expect(
      (
        await api('POST', '/globals/settings', {
          ...auth,
          body: { siteName: 'Visitor was here', maintenanceMode: true },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await api('POST', '/globals/email-settings', {
          ...auth,
          body: { host: 'smtp.visitor.test', password: 'visitor-smtp-password' },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await api('POST', '/globals/sms-settings', {
          ...auth,
          body: { enabled: true, accountSid: 'ACvisitor', authToken: 'visitor-token' },
        })
      ).status,
    ).toBe(200)

    await resetDemo(await payload(), demoConfig())
    await expectSeed()
    const p = await payload()
    const email = await p.findGlobal({ slug: 'email-settings', overrideAccess: true, context: REVEAL_SECRETS })
    expect(email).toMatchObject({ host: null, password: null })
    const sms = await p.findGlobal({ slug: 'sms-settings', overrideAccess: true, context: REVEAL_SECRETS })
    expect(sms).toMatchObject({ enabled: false, accountSid: null, authToken: null })
    expect((await p.findGlobal({ slug: 'settings' })).maintenanceMode).toBe(false)
    expect((await login('visitor-admin@example.test', 'visitor-pass-1')).status).toBe(401)
    // Seed data is history, not news: nobody was notified of it.
    expect((await p.count({ collection: 'notifications', overrideAccess: true })).totalDocs).toBe(0)
  })

  it("a reset leaves each service the seed's history, from the start of the bars' window: no row stamped at reset time", async () => {
    const now = new Date()
    await resetDemo(await payload(), demoConfig(), now)
    const auth = { headers: { cookie: demoCookie } }
    const services = await api('GET', '/services?depth=0&limit=100', auth)
    expect(services.status, services.text).toBe(200)
    const seeded = demoHistory(now)
    expect(services.body.docs.map((s: any) => s.name).sort()).toEqual(Object.keys(seeded).sort())
    for (const service of services.body.docs) {
      const rows = await api(
        'GET',
        `/service-status-changes?where[service][equals]=${service.id}&sort=at&depth=0&limit=100`,
        auth,
      )
      expect(rows.status, rows.text).toBe(200)
      const history = rows.body.docs.map((row: any) => ({
        at: new Date(row.at).toISOString(),
        from: row.fromStatus ?? null,
        to: row.toStatus,
      }))
      expect(history, service.name).toEqual(seeded[service.name])
    }
  })

  it('drops a new password for the demo user on REST and GraphQL, and the demo login keeps working', async () => {
    const rest = await api('PATCH', `/users/${demoId}`, {
      headers: { cookie: demoCookie },
      body: { name: 'Renamed by REST', password: 'taken-over-1' },
    })
    expect(rest.status, rest.text).toBe(200)
    expect(rest.body.doc.name).toBe('Renamed by REST')
    expect((await login(DEMO_EMAIL, 'taken-over-1')).status).toBe(401)
    expect((await login(DEMO_EMAIL, DEMO_PASSWORD)).status).toBe(200)

    const gql = await graphql(
      `mutation { updateUser(id: ${demoId}, data: { name: "Renamed by GraphQL", password: "taken-over-2" }) { name } }`,
      undefined,
      { headers: { cookie: demoCookie } },
    )
    expect(gql.status, gql.text).toBe(200)
    expect(gql.body.data.updateUser.name).toBe('Renamed by GraphQL')
    expect((await login(DEMO_EMAIL, 'taken-over-2')).status).toBe(401)

    // Nor can the account be taken away by its e-mail, its role, or deletion.
    const email = await api('PATCH', `/users/${demoId}`, {
      headers: { cookie: demoCookie },
      body: { email: 'mine@example.test', role: 'editor' },
    })
    expect(email.status, email.text).toBe(200)
    expect(email.body.doc).toMatchObject({ email: DEMO_EMAIL, role: 'admin' })
    const other = await api('POST', '/users', {
      headers: { cookie: demoCookie },
      body: { email: 'second-admin@example.test', password: 'second-pass-1', role: 'admin' },
    })
    const otherCookie = (await login('second-admin@example.test', 'second-pass-1')).headers
      .get('set-cookie')!
      .match(/payload-token=[^;]+/)![0]
    expect(other.status).toBe(201)
    expect((await api('DELETE', `/users/${demoId}`, { headers: { cookie: otherCookie } })).status).toBe(403)
    // A bulk update that includes the demo user drops the password for all it selects.
    expect(
      (
        await api('PATCH', `/users?where[role][equals]=admin`, {
          headers: { cookie: otherCookie },
          body: { password: 'bulk-takeover-1' },
        })
      ).status,
    ).toBe(200)
    expect((await login(DEMO_EMAIL, DEMO_PASSWORD)).status).toBe(200)
    // Other users' passwords change as usual.
    expect(
      (
        await api('PATCH', `/users/${other.body.doc.id}`, {
          headers: { cookie: otherCookie },
          body: { password: 'changed-pass-2' },
        })
      ).status,
    ).toBe(200)
    expect((await login('second-admin@example.test', 'changed-pass-2')).status).toBe(200)
  })

  it('keeps its clock to itself: the demo-state global is not readable or writable through the API', async () => {
    expect((await api('GET', '/globals/demo-state')).status).toBe(401)
    expect((await api('GET', '/globals/demo-state', { headers: { cookie: demoCookie } })).status).toBe(403)
    expect(
      (
        await api('POST', '/globals/demo-state', {
          headers: { cookie: demoCookie },
          body: { nextResetAt: '2099-01-01T00:00:00Z' },
        })
      ).status,
    ).toBe(403)
  })

  it('cannot be locked out by failed logins', async () => {
    // One visitor failing again and again is throttled (429 after 10), the others are not.
    for (let i = 0; i < 12; i++)
      expect((await login(DEMO_EMAIL, `wrong-${i}`, '203.0.113.66')).status).toBe(i < 10 ? 401 : 429)
    expect((await login(DEMO_EMAIL, DEMO_PASSWORD)).status).toBe(200)
  })

  it('GET /api/demo-status counts down, and starts again after a reset', async () => {
    const seconds = (text: string) => Number(text.split('m')[0]) * 60 + Number(text.split(' ')[1].replace('s', ''))
    // The clock stands still between the two reads, then moves exactly 5 s (timers stay real for the database).
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const first = await demoStatus()
      expect(first.status).toBe(200)
      expect(first.body).toEqual({
        isDemoMode: true,
        timeUntilReset: expect.stringMatching(/^\d+m \d{2}s$/),
        resetIntervalMinutes: 60,
      })
      vi.setSystemTime(Date.now() + 5_000)
      const second = await demoStatus()
      expect(seconds(second.body.timeUntilReset)).toBe(seconds(first.body.timeUntilReset) - 5)
    } finally {
      vi.useRealTimers()
    }

    const p = await payload()
    const { nextResetAt } = await readClock(p)
    expect(await runDemoTick(p, demoConfig(), new Date(nextResetAt!.getTime() + 1000))).toBe(true)
    // The clock moved one interval on from the reset's time (a second after the due time here).
    const after = await readClock(p)
    expect(after.nextResetAt!.getTime() - nextResetAt!.getTime()).toBe(60 * 60_000 + 1000)
  })

  it('resets once per interval, however many runners (instances) claim it at once', async () => {
    const p = await payload()
    const { nextResetAt } = await readClock(p)
    const due = new Date(nextResetAt!.getTime() + 500)
    const claims = await Promise.all([
      runDemoTick(p, demoConfig(), due),
      runDemoTick(p, demoConfig(), due),
      runDemoTick(p, demoConfig(), due),
    ])
    expect(claims.filter(Boolean)).toHaveLength(1)
    // Instances starting together: the first start's reset stands for the others.
    const start = new Date(due.getTime() + 5 * 60_000)
    const starts = await Promise.all([resetAtStart(p, demoConfig(), start), resetAtStart(p, demoConfig(), start)])
    expect(starts.filter(Boolean)).toHaveLength(1)
    expect(await resetAtStart(p, demoConfig(), new Date(start.getTime() + 10_000))).toBe(false)
    // Those resets seeded times relative to the future instants they were given; one for now, to check the shape.
    await resetDemo(p, demoConfig())
    // A reset at start sets the demo password again, which ends the account's sessions: log in anew.
    demoCookie = (await login(DEMO_EMAIL, DEMO_PASSWORD)).headers.get('set-cookie')!.match(/payload-token=[^;]+/)![0]
    await expectSeed()
  })

  it('tries a failed reset again a minute later, not an interval later', async () => {
    const p = await payload()
    const { nextResetAt } = await readClock(p)
    const due = new Date(nextResetAt!.getTime() + 1000)
    // An address Payload refuses makes the reset fail half-way, when it creates the demo user.
    await expect(
      runDemoTick(p, demoConfig(parseEnv({ ...process.env, DEMO_USER_EMAIL: 'not an address' })), due),
    ).rejects.toThrow()
    expect((await readClock(p)).nextResetAt!.getTime()).toBe(due.getTime() + RETRY_FAILED_RESET_MS)
    expect(await runDemoTick(p, demoConfig(), new Date(due.getTime() + RETRY_FAILED_RESET_MS))).toBe(true)
    // An instance restarting before the retry resets at start: a failed reset leaves no "last reset" to skip by.
    const again = new Date((await readClock(p)).nextResetAt!.getTime() + 1000)
    await expect(
      runDemoTick(p, demoConfig(parseEnv({ ...process.env, DEMO_USER_EMAIL: 'not an address' })), again),
    ).rejects.toThrow()
    expect((await readClock(p)).lastResetAt).toBeNull()
    expect(await resetAtStart(p, demoConfig(), new Date(again.getTime() + 5_000))).toBe(true)
    // Seeded relative to that future instant; one for now, to check the site is whole again.
    await resetDemo(p, demoConfig())
    demoCookie = (await login(DEMO_EMAIL, DEMO_PASSWORD)).headers.get('set-cookie')!.match(/payload-token=[^;]+/)![0]
    await expectSeed()
  })
})

describe('GET /api/demo-status with demo mode off', () => {
  it('says so, and counts down nothing', async () => {
    const { demoStatus: status } = await import('@/demo/schedule')
    const off = await status(
      await payload(),
      demoConfig(parseEnv({ NODE_ENV: 'test', DEMO_MODE: 'false', DEMO_RESET_INTERVAL_MINUTES: '15' })),
    )
    expect(off).toEqual({ isDemoMode: false, timeUntilReset: '0m 00s', resetIntervalMinutes: 15 })
  })
})
