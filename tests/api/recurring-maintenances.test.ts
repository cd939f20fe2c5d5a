/**
 * Recurring maintenances on an injected clock: the next occurrences are created ahead as maintenances of their
 * own, in the site's time zone across a daylight-saving change; a cancelled occurrence stays cancelled and is not
 * made again; ending the series stops new ones; the calendar shows one repeating event with its occurrences.
 */
import ical from 'node-ical'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import * as calendarRoute from '@/app/(site)/maintenances.ics/route'
import * as homeRoute from '@/app/(site)/route'
import { extendSeries } from '@/services/maintenances/extend-series'
import { api, BASE, createUser, payload, type TestUser } from '../helpers/api'
import { v1 } from '../helpers/public-api'

let admin: TestUser
let editor: TestUser
let originId: number

const starts = async () => {
  const res = await api(
    'GET',
    `/maintenances?where[or][0][id][equals]=${originId}&where[or][1][series][equals]=${originId}&sort=scheduledStartAt&limit=100&depth=0`,
    { key: editor.key },
  )
  return res.body.docs as {
    id: number
    scheduledStartAt: string
    scheduledEndAt: string
    status: string
    title: string
    shortId: string
  }[]
}

/** An editor creates a recurring maintenance of `minutes` from `start`; its document. */
async function createSeries(title: string, start: string, minutes: number, recurrence: Record<string, unknown>) {
  const res = await api('POST', '/maintenances', {
    key: editor.key,
    body: {
      title,
      scheduledStartAt: start,
      scheduledEndAt: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
      recurrence,
    },
  })
  expect(res.status, res.text).toBe(201)
  return res.body.doc as { id: number; shortId: string }
}

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  expect((await api('POST', '/globals/settings', { key: admin.key, body: { timeZone: 'Europe/Berlin' } })).status).toBe(
    200,
  )
  // Tuesday 5 March 2030, 02:00 in Berlin (01:00 UTC), one hour; every Tuesday and Friday.
  originId = (
    await createSeries('Weekly patching', '2030-03-05T01:00:00.000Z', 60, {
      frequency: 'weekly',
      weekdays: ['tue', 'fri'],
    })
  ).id
})

describe('a weekly maintenance', () => {
  it('keeps the next three occurrences created, each a maintenance of its own, once', async () => {
    const p = await payload()
    expect(await extendSeries(p, new Date('2030-03-01T00:00:00.000Z'))).toBe(2)
    expect(await extendSeries(p, new Date('2030-03-01T00:00:00.000Z'))).toBe(0)
    const all = await starts()
    expect(all.map((m) => m.scheduledStartAt)).toEqual([
      '2030-03-05T01:00:00.000Z',
      '2030-03-08T01:00:00.000Z',
      '2030-03-12T01:00:00.000Z',
    ])
    expect(
      all.every(
        (m) =>
          m.title === 'Weekly patching' && Date.parse(m.scheduledEndAt) - Date.parse(m.scheduledStartAt) === 3_600_000,
      ),
    ).toBe(true)
    const listed = (await v1('/maintenances?status=upcoming')).body.data.map((m: { shortId: string }) => m.shortId)
    for (const m of all) expect(listed).toContain(m.shortId)
  })

  it('stays at 02:00 in Berlin across the change to summer time, and does not fill a lapse backwards', async () => {
    const p = await payload()
    expect(await extendSeries(p, new Date('2030-03-30T12:00:00.000Z'))).toBe(3)
    const all = (await starts()).map((m) => m.scheduledStartAt)
    expect(all.filter((start) => start > '2030-03-30T12:00:00.000Z')).toEqual([
      '2030-04-02T00:00:00.000Z',
      '2030-04-05T00:00:00.000Z',
      '2030-04-09T00:00:00.000Z',
    ])
    expect(all.filter((start) => start > '2030-03-12T12:00:00.000Z' && start < '2030-03-30T12:00:00.000Z')).toEqual([])
  })

  it('leaves a cancelled occurrence cancelled, and ending the series stops new ones', async () => {
    const p = await payload()
    const next = (await starts()).filter((m) => m.scheduledStartAt > '2030-03-30T12:00:00.000Z')
    const cancelled = await api('PATCH', `/maintenances/${next[0].id}`, {
      key: editor.key,
      body: { status: 'cancelled' },
    })
    expect(cancelled.status, cancelled.text).toBe(200)
    expect(await extendSeries(p, new Date('2030-03-30T12:00:00.000Z'))).toBe(0)
    expect((await starts()).find((m) => m.id === next[0].id)?.status).toBe('cancelled')

    const ended = await api('PATCH', `/maintenances/${originId}`, {
      key: editor.key,
      body: { recurrence: { frequency: 'none' } },
    })
    expect(ended.status, ended.text).toBe(200)
    const count = (await starts()).length
    expect(await extendSeries(p, new Date('2030-06-01T00:00:00.000Z'))).toBe(0)
    expect((await starts()).length).toBe(count)
  })

  it('is one repeating event in the calendar, with its occurrences as overrides', async () => {
    const p = await payload()
    expect(
      (
        await api('PATCH', `/maintenances/${originId}`, {
          key: editor.key,
          body: { recurrence: { frequency: 'weekly', weekdays: ['tue', 'fri'] } },
        })
      ).status,
    ).toBe(200)
    await extendSeries(p, new Date('2030-03-01T00:00:00.000Z'))
    const response = await calendarRoute.GET(new Request(`${BASE}/maintenances.ics`), { params: Promise.resolve({}) })
    const events = Object.values(ical.sync.parseICS(await response.text())).filter(
      (e) => e?.type === 'VEVENT',
    ) as ical.VEvent[]
    const origin = events.find((e) => e.rrule)
    expect(origin?.rrule?.toString()).toContain('FREQ=WEEKLY;BYDAY=TU,FR')
    const origins = new Set(events.map((e) => e.uid))
    expect(origins.size).toBe(1)
    const overrides = Object.values(origin?.recurrences ?? {})
    expect(overrides.length).toBeGreaterThanOrEqual(2)
  })
})

describe('deleting the first maintenance of a series', () => {
  it('works, and its occurrences stay as maintenances of their own', async () => {
    const p = await payload()
    const first = (await createSeries('Nightly backup', '2031-01-07T01:00:00.000Z', 60, { frequency: 'daily' })).id
    await extendSeries(p, new Date('2031-01-06T00:00:00.000Z'))
    const occurrences = await api('GET', `/maintenances?where[series][equals]=${first}&depth=0`, { key: editor.key })
    expect(occurrences.body.docs).toHaveLength(2)

    const deleted = await api('DELETE', `/maintenances/${first}`, { key: admin.key })
    expect(deleted.status, deleted.text).toBe(200)
    expect((await api('GET', `/maintenances/${first}`, { key: editor.key })).status).toBe(404)
    for (const occurrence of occurrences.body.docs as { id: number }[]) {
      const left = await api('GET', `/maintenances/${occurrence.id}?depth=0`, { key: editor.key })
      expect(left.status).toBe(200)
      expect(left.body.series ?? null).toBeNull()
    }
  })
})

describe('the calendar across daylight-saving changes', () => {
  /** Each series starts before a change of the clocks (or on the 1st in Tokyo, a day ahead of UTC). */
  const SERIES = [
    {
      name: 'Berlin, weekly, into summer time',
      zone: 'Europe/Berlin',
      start: '2030-03-26T01:00:00.000Z', // Tuesday 02:00 CET; the clocks go forward on 31 March
      recurrence: { frequency: 'weekly', weekdays: ['tue'] },
    },
    {
      name: 'Berlin, weekly, out of summer time',
      zone: 'Europe/Berlin',
      start: '2030-10-22T00:00:00.000Z', // Tuesday 02:00 CEST; the clocks go back on 27 October
      recurrence: { frequency: 'weekly', weekdays: ['tue'] },
    },
    {
      name: 'Chicago, weekly, into summer time',
      zone: 'America/Chicago',
      start: '2030-03-04T15:00:00.000Z', // Monday 09:00 CST; the clocks go forward on 10 March
      recurrence: { frequency: 'weekly', weekdays: ['mon'] },
    },
    {
      name: 'Chicago, daily, out of summer time',
      zone: 'America/Chicago',
      start: '2030-11-01T14:00:00.000Z', // 09:00 CDT; the clocks go back on 3 November
      recurrence: { frequency: 'daily' },
    },
    {
      name: 'Tokyo, monthly on the 1st at 00:30',
      zone: 'Asia/Tokyo',
      start: '2030-01-31T15:30:00.000Z', // 1 February 00:30 JST, still 31 January in UTC
      recurrence: { frequency: 'monthly', dayOfMonth: 1 },
    },
  ]

  it.each(SERIES)(
    '$name: every occurrence is an instance of the rule, in the site zone',
    async ({ name, zone, start, recurrence }) => {
      const p = await payload()
      const settings = await api('POST', '/globals/settings', { key: admin.key, body: { timeZone: zone } })
      expect(settings.status, settings.text).toBe(200)
      const first = (await createSeries(name, start, 60, recurrence)).id
      await extendSeries(p, new Date(Date.parse(start) - 3_600_000))
      const listed = await api(
        'GET',
        `/maintenances?where[series][equals]=${first}&sort=scheduledStartAt&depth=0&limit=10`,
        { key: editor.key },
      )
      const occurrences = (listed.body.docs as { scheduledStartAt: string }[]).map((m) => m.scheduledStartAt)
      expect(occurrences).toHaveLength(2)

      const response = await calendarRoute.GET(new Request(`${BASE}/maintenances.ics`), {
        params: Promise.resolve({}),
      })
      const text = await response.text()
      expect(text).toContain(`BEGIN:VTIMEZONE\r\nTZID:${zone}\r\n`)
      const events = Object.values(ical.sync.parseICS(text)).filter((e) => e?.type === 'VEVENT') as ical.VEvent[]
      const origin = events.find((e) => e.summary === `Maintenance: ${name}` && e.rrule)
      expect(origin?.start.tz).toBe(zone)
      // The rule's instances from the first start to the last occurrence: exactly the maintenances, none an hour off.
      const instances = origin?.rrule
        ?.between(new Date(Date.parse(start) - 1), new Date(Date.parse(occurrences[1]) + 1), true)
        .map((d) => d.toISOString())
      expect(instances).toEqual([start, ...occurrences])
      // Each occurrence overrides the instance at its own start.
      const overrides = Object.values(origin?.recurrences ?? {}).map((e) =>
        (e.recurrenceid as Date | undefined)?.toISOString(),
      )
      expect([...new Set(overrides)].sort()).toEqual(occurrences)
    },
  )
})

describe('the status page', () => {
  it('shows a weekly series once, by its next maintenance, with how it repeats', async () => {
    const p = await payload()
    const settings = await api('POST', '/globals/settings', { key: admin.key, body: { timeZone: 'Europe/Berlin' } })
    expect(settings.status, settings.text).toBe(200)
    // Thursday 10:00 in Berlin.
    const created = await createSeries('Thursday certificate rotation', '2032-01-01T09:00:00.000Z', 60, {
      frequency: 'weekly',
      weekdays: ['thu'],
    })
    await extendSeries(p, new Date('2031-12-31T00:00:00.000Z'))
    const listed = await api('GET', `/maintenances?where[series][equals]=${created.id}&depth=0`, {
      key: editor.key,
    })
    expect(listed.body.docs).toHaveLength(2)

    const response = await homeRoute.GET(new Request(`${BASE}/`), { params: Promise.resolve({}) })
    const page = await response.text()
    expect(page.split('Thursday certificate rotation').length - 1).toBe(1)
    expect(page).toContain(`href="/m/${created.shortId}"`)
    expect(page).toContain('Repeats weekly on Thursday')
  })
})

describe('keeping a long series going', () => {
  it("reads the series' latest slot, not every occurrence it ever had, on each tick", async () => {
    const p = await payload()
    const origin = (await createSeries('Daily log rotation', '2033-01-01T03:00:00.000Z', 30, { frequency: 'daily' })).id
    // Twelve days of ticks: a dozen occurrences behind it, three ahead.
    for (let day = 0; day < 12; day++)
      await extendSeries(p, new Date(Date.parse('2033-01-01T00:00:00.000Z') + day * 86_400_000))
    const all = await api('GET', `/maintenances?where[series][equals]=${origin}&limit=100&depth=0`, { key: editor.key })
    expect(all.body.totalDocs).toBeGreaterThanOrEqual(13)

    // The real queries, watched: how many of this series' occurrences one tick loads.
    const find = vi.spyOn(p, 'find')
    try {
      await extendSeries(p, new Date('2033-01-12T12:00:00.000Z'))
      const loaded = (
        await Promise.all(
          find.mock.calls.map(async ([args], i) =>
            JSON.stringify(args.where ?? {}).includes(`"series":{"equals":${origin}}`)
              ? ((await find.mock.results[i].value) as { docs: unknown[] }).docs.length
              : 0,
          ),
        )
      ).reduce((a, b) => a + b, 0)
      expect(loaded).toBeLessThanOrEqual(1)
    } finally {
      find.mockRestore()
    }
  })
})
