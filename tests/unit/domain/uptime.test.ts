import { describe, expect, it } from 'vitest'

import { dailyUptime, DAY_MS, overlappedDays, uptimePercent, windowStartFor, windowUptime } from '@/domain/uptime'

const day = (iso: string) => Date.parse(`${iso}T00:00:00.000Z`)
const H = 3_600_000
const M = 60_000

describe('uptime from the history of statuses', () => {
  it('counts the seconds of each status in a day, weighting partial by 0.3', () => {
    const start = day('2026-03-01')
    const days = dailyUptime({
      createdAt: start - 10 * DAY_MS,
      currentStatus: 'operational',
      windowStart: start,
      days: 2,
      now: start + DAY_MS + 12 * H, // noon of the second day
      changes: [
        { at: start + 1 * H, from: 'operational', to: 'degraded' }, // 1 h degraded
        { at: start + 2 * H, from: 'degraded', to: 'partial' }, // 2 h partial
        { at: start + 4 * H, from: 'partial', to: 'major' }, // 30 min major
        { at: start + 4 * H + 30 * M, from: 'major', to: 'maintenance' }, // 3 h maintenance
        { at: start + 7 * H + 30 * M, from: 'maintenance', to: 'operational' },
      ],
    })
    expect(days[0]).toEqual({
      date: '2026-03-01',
      observed: 86_400,
      seconds: { degraded: 3600, partial: 7200, major: 1800, maintenance: 10_800 },
      // downtime = 1800 + 0.3 × 7200 = 3960 s of 86,400
      uptimePercent: 95.4167,
      worst: 'major',
    })
    // The second day: 12 hours observed, all operational.
    expect(days[1]).toEqual({
      date: '2026-03-02',
      observed: 43_200,
      seconds: { degraded: 0, partial: 0, major: 0, maintenance: 0 },
      uptimePercent: 100,
      worst: 'operational',
    })
    expect(windowUptime(days)).toBe(Math.round(100 * (1 - 3960 / 129_600) * 10_000) / 10_000)
  })

  it('splits a status across midnight, and counts only the part of today that has passed', () => {
    const start = day('2026-03-01')
    const days = dailyUptime({
      createdAt: 0,
      currentStatus: 'major',
      windowStart: start,
      days: 2,
      now: start + DAY_MS + 1 * H,
      changes: [{ at: start + 23 * H, from: 'operational', to: 'major' }],
    })
    expect(days.map((d) => [d.seconds.major, d.observed, d.uptimePercent])).toEqual([
      [3600, 86_400, 95.8333],
      [3600, 3600, 0],
    ])
  })

  it('has no uptime for a day before the service existed, and observes from its creation', () => {
    const start = day('2026-03-01')
    const days = dailyUptime({
      createdAt: start + DAY_MS + 18 * H,
      currentStatus: 'partial',
      windowStart: start,
      days: 3,
      now: start + 2 * DAY_MS + 6 * H,
      changes: [],
    })
    expect(days.map((d) => d.uptimePercent)).toEqual([null, 100 - (100 * 0.3 * 6 * 3600) / (6 * 3600), 70])
    expect(days[0]).toMatchObject({ observed: 0, worst: null })
    expect(days[1]).toMatchObject({ observed: 6 * 3600, worst: 'partial', seconds: { partial: 6 * 3600 } })
  })

  it('starts a history that began after the service (a migrated database) at its first row', () => {
    const start = day('2026-03-01')
    const days = dailyUptime({
      createdAt: start - 30 * DAY_MS,
      currentStatus: 'degraded',
      windowStart: start,
      days: 2,
      now: start + DAY_MS + 12 * H,
      changes: [{ at: start + DAY_MS, from: null, to: 'degraded' }],
    })
    expect(days[0].uptimePercent).toBeNull()
    expect(days[1]).toMatchObject({
      observed: 43_200,
      seconds: { degraded: 43_200 },
      uptimePercent: 100,
      worst: 'degraded',
    })
  })

  it('uses the current status when nothing changed in the window, and counts a status it just took for the worst', () => {
    const start = day('2026-03-01')
    const steady = dailyUptime({
      createdAt: 0,
      currentStatus: 'maintenance',
      windowStart: start,
      days: 1,
      now: start + 2 * H,
      changes: [],
    })
    expect(steady[0]).toMatchObject({ seconds: { maintenance: 7200 }, uptimePercent: 100, worst: 'maintenance' })
    const justNow = dailyUptime({
      createdAt: 0,
      currentStatus: 'major',
      windowStart: start,
      days: 1,
      now: start + 2 * H,
      changes: [{ at: start + 2 * H, from: 'operational', to: 'major' }],
    })
    expect(justNow[0]).toMatchObject({ seconds: { major: 0 }, uptimePercent: 100, worst: 'major' })
  })

  it('rounds to 4 decimals; the window ends today', () => {
    expect(uptimePercent({ major: 1, partial: 0 }, 86_400)).toBe(99.9988)
    expect(uptimePercent({ major: 0, partial: 0 }, 0)).toBeNull()
    expect(new Date(windowStartFor(Date.parse('2026-03-10T15:00:00Z'), 90)).toISOString()).toBe(
      '2025-12-11T00:00:00.000Z',
    )
  })

  it('finds the days an incident overlaps, up to now while it is open', () => {
    const start = day('2026-03-01')
    expect(overlappedDays({ start: start + 23 * H, end: start + DAY_MS + H }, start, 5, start + 4 * DAY_MS)).toEqual([
      0, 1,
    ])
    expect(overlappedDays({ start: start + 2 * DAY_MS, end: null }, start, 5, start + 3 * DAY_MS + H)).toEqual([2, 3])
    expect(overlappedDays({ start: start - 3 * DAY_MS, end: start - DAY_MS }, start, 5, start + 4 * DAY_MS)).toEqual([])
  })
})

describe('the edge and the uptime routes', () => {
  it('caches /s/<slug> like the other pages, and keys /api/v1/uptime on days, service and pretty only', async () => {
    const { canonicalQuery, classifyRequest, isPublicSitePath } = await import('@/edge/public-paths')
    expect(isPublicSitePath('/s/api')).toBe(true)
    expect(classifyRequest('GET', '/s/api', true)).toEqual({ budget: 'public', cacheable: true, errorShape: 'page' })
    expect(classifyRequest('GET', '/api/v1/uptime', true)).toEqual({
      budget: 'public',
      cacheable: true,
      errorShape: 'problem',
    })
    expect(canonicalQuery('/api/v1/uptime', '?service=api&_=3&days=30')).toBe('?days=30&service=api')
  })
})

describe('the demo history', () => {
  it('covers 90 days, has days with partial and major time, and ends in each service’s seeded status', async () => {
    const { demoHistory, demoSeed } = await import('@/services/demo/seed-data')
    const now = new Date('2026-03-10T12:00:00.000Z')
    const history = demoHistory(now)
    const services = demoSeed(now).groups.flatMap((g) => g.services)
    const windowStart = windowStartFor(now.getTime(), 90)
    let partialDays = 0
    let majorDays = 0
    for (const service of services) {
      const rows = history[service.name]
      expect(rows.at(-1)!.to, service.name).toBe(service.status)
      const days = dailyUptime({
        createdAt: Date.parse(rows[0].at),
        currentStatus: service.status,
        windowStart,
        days: 90,
        now: now.getTime(),
        changes: rows.map((r) => ({ at: Date.parse(r.at), from: r.from, to: r.to })),
      })
      partialDays += days.filter((d) => d.seconds.partial > 0).length
      majorDays += days.filter((d) => d.seconds.major > 0).length
    }
    expect(partialDays).toBeGreaterThan(1)
    expect(majorDays).toBeGreaterThan(1)
  })
})
