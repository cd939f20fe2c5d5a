/**
 * Reminders on an injected clock: a maintenance's reminder reaches its subscribers once, at the lead the
 * maintenance or the site settings choose; an open incident nobody updates reminds the editors by e-mail, again
 * after each quiet period, and never the subscribers. Through a real SMTP server; no sleeps.
 */
process.env.PUBLIC_URL = 'https://status.example.test'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { extendSeries } from '@/services/maintenances/extend-series'
import { remindMaintenances } from '@/services/reminders/remind-maintenances'
import { remindQuietIncidents } from '@/services/reminders/remind-quiet-incidents'
import { runScheduleTick } from '@/jobs/schedule-ticker'
import { closeEmailPool } from '@/notify/email'
import { api, createUser, payload, type TestUser } from '../helpers/api'
import { drainNotifications } from '../helpers/notification-queue'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp'

let smtp: SmtpSink
let admin: TestUser
let editor: TestUser
const subscriber = 'reminded@example.test'
const HOUR = 3_600_000

const scheduled = () => smtp.to(subscriber).filter((mail) => mail.parsed.subject?.includes('Maintenance scheduled'))
const reminders = () => smtp.to(subscriber).filter((mail) => mail.parsed.subject?.includes('Maintenance reminder'))
const quietNotices = (to: string) => smtp.to(to).filter((mail) => mail.parsed.subject?.includes('No update for'))

async function maintenance(startsInHours: number, body: Record<string, unknown> = {}) {
  const start = new Date(Date.now() + startsInHours * HOUR).toISOString()
  const res = await api('POST', '/maintenances', {
    key: editor.key,
    body: {
      title: `Window ${Math.random().toString(36).slice(2, 7)}`,
      scheduledStartAt: start,
      scheduledEndAt: new Date(Date.parse(start) + HOUR).toISOString(),
      ...body,
    },
  })
  expect(res.status, res.text).toBe(201)
  return { id: res.body.doc.id as number, title: res.body.doc.title as string, start: Date.parse(start) }
}

const at = (ms: number) => new Date(ms)

beforeAll(async () => {
  smtp = await startSmtpSink()
  process.env.SMTP_URL = smtp.url
  process.env.SMTP_FROM = 'Status <status@example.test>'
  admin = await createUser('admin')
  editor = await createUser('editor')
  expect(
    (await api('POST', '/subscribers', { key: admin.key, body: { type: 'email', email: subscriber, verified: true } }))
      .status,
  ).toBe(201)
})

beforeEach(async () => {
  await drainNotifications()
  smtp.messages.length = 0
})

afterAll(async () => {
  closeEmailPool()
  await smtp.close()
})

describe('maintenance reminders', () => {
  it('go out once, 24 hours before, when the maintenance asks for that', async () => {
    const p = await payload()
    const m = await maintenance(48, { remindBefore: '24h' })
    expect(await remindMaintenances(p, at(m.start - 25 * HOUR), 'none')).toBe(0)
    expect(await remindMaintenances(p, at(m.start - 23 * HOUR), 'none')).toBe(1)
    expect(await remindMaintenances(p, at(m.start - 22 * HOUR), 'none')).toBe(0)
    await drainNotifications()
    expect(reminders()).toHaveLength(1)
    expect(reminders()[0].parsed.subject).toContain(m.title)
    expect(reminders()[0].parsed.text).toContain('Starts in 23 hours')
  })

  it('follow the site setting when the maintenance leaves it to the site (1 hour by default)', async () => {
    const p = await payload()
    const m = await maintenance(5)
    const before = (await runScheduleTick(p, at(m.start - 2 * HOUR))).maintenances
    expect(before).toBe(0)
    expect((await runScheduleTick(p, at(m.start - 30 * 60_000))).maintenances).toBe(1)
    await drainNotifications()
    expect(reminders()).toHaveLength(1)
    expect(reminders()[0].parsed.text).toContain('Starts in 30 minutes')
  })

  it('are not sent for none, for a maintenance that tells nobody, or for one scheduled inside the lead', async () => {
    const p = await payload()
    const none = await maintenance(5, { remindBefore: 'none' })
    const quiet = await maintenance(5, { remindBefore: '1h', notifySubscribers: false })
    const late = await maintenance(0.5, { remindBefore: '1h' })
    for (const m of [none, quiet, late]) expect(await remindMaintenances(p, at(m.start - 10 * 60_000), '24h')).toBe(0)
    await drainNotifications()
    expect(reminders()).toHaveLength(0)
  })

  it('are sent again for a new start when the window is moved', async () => {
    const p = await payload()
    const m = await maintenance(5, { remindBefore: '1h' })
    expect(await remindMaintenances(p, at(m.start - 30 * 60_000), 'none')).toBe(1)
    const moved = m.start + 24 * HOUR
    const res = await api('PATCH', `/maintenances/${m.id}`, {
      key: editor.key,
      body: { scheduledStartAt: new Date(moved).toISOString(), scheduledEndAt: new Date(moved + HOUR).toISOString() },
    })
    expect(res.status, res.text).toBe(200)
    expect(await remindMaintenances(p, at(moved - 30 * 60_000), 'none')).toBe(1)
    await drainNotifications()
    expect(reminders()).toHaveLength(2)
  })
})

describe('quiet incident reminders', () => {
  it('e-mail editors and admins after the quiet period, again after another, and stop once somebody updates', async () => {
    const p = await payload()
    const opened = Date.parse('2030-01-01T10:00:00.000Z')
    const res = await api('POST', '/incidents', {
      key: editor.key,
      body: {
        title: 'Slow exports',
        updates: [{ status: 'investigating', message: 'Looking.', createdAt: new Date(opened).toISOString() }],
      },
    })
    expect(res.status, res.text).toBe(201)
    const id = res.body.doc.id

    expect(await remindQuietIncidents(p, at(opened + 3 * HOUR), 4)).toBe(0)
    expect(await remindQuietIncidents(p, at(opened + 4 * HOUR), 4)).toBe(1)
    expect(await remindQuietIncidents(p, at(opened + 5 * HOUR), 4)).toBe(0)
    expect(quietNotices(editor.email)).toHaveLength(1)
    expect(quietNotices(admin.email)).toHaveLength(1)
    expect(quietNotices(editor.email)[0].parsed.text).toContain(`/admin/collections/incidents/${id}`)
    expect(smtp.to(subscriber)).toHaveLength(0)

    expect(await remindQuietIncidents(p, at(opened + 8 * HOUR), 4)).toBe(1)
    const updated = await api('PATCH', `/incidents/${id}`, {
      key: editor.key,
      body: {
        updates: [
          ...res.body.doc.updates,
          {
            status: 'identified',
            message: 'Found it.',
            createdAt: new Date(opened + 9 * HOUR).toISOString(),
            notify: false,
          },
        ],
      },
    })
    expect(updated.status, updated.text).toBe(200)
    expect(await remindQuietIncidents(p, at(opened + 10 * HOUR), 4)).toBe(0)
    expect(await remindQuietIncidents(p, at(opened + 13 * HOUR), 4)).toBe(1)
    expect(await remindQuietIncidents(p, at(opened + 13 * HOUR), 0)).toBe(0)
    expect(quietNotices(editor.email)).toHaveLength(3)
  })
})

describe('a recurring maintenance', () => {
  it('is announced once for the series, and each occurrence by its reminder', async () => {
    const p = await payload()
    const m = await maintenance(48, { remindBefore: '1h', recurrence: { frequency: 'weekly' } })
    const now = new Date()
    await extendSeries(p, now)
    const occurrences = await api('GET', `/maintenances?where[series][equals]=${m.id}&sort=scheduledStartAt&depth=0`, {
      key: editor.key,
    })
    expect(occurrences.body.docs).toHaveLength(2)
    await drainNotifications()
    const announced = scheduled()
    expect(announced).toHaveLength(1)
    expect(announced[0].parsed.text).toMatch(/repeats weekly on \w+day/)

    const next = Date.parse(occurrences.body.docs[0].scheduledStartAt)
    expect(await remindMaintenances(p, at(next - HOUR / 2), 'none')).toBe(1)
    await drainNotifications()
    expect(reminders()).toHaveLength(1)
    expect(scheduled()).toHaveLength(1)
  })
})
