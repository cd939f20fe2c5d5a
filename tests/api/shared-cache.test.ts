/**
 * Every public response says how long a CDN in front may keep it: a short shared lifetime, a window to
 * serve it while refreshing, and a day to serve it when this service cannot answer; browsers revalidate (max-age=0)
 * and still get their 304. Errors and a subscriber's pages are never stored.
 */
import { describe, expect, it } from 'vitest'

import * as homeRoute from '@/app/(site)/route'
import * as historyRoute from '@/app/(site)/history/route'
import * as atomRoute from '@/app/(site)/feed.atom/route'
import * as rssRoute from '@/app/(site)/feed.rss/route'
import * as calendarRoute from '@/app/(site)/maintenances.ics/route'
import * as incidentRoute from '@/app/(site)/i/[shortId]/route'
import { BASE } from '../helpers/api'
import { v1 } from '../helpers/public-api'
import { v2 } from '../helpers/statuspage-api'

const SHARED = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30, stale-if-error=86400'

type Route<P> = { GET: (request: Request, route: { params: Promise<P> }) => Promise<Response> }
function get<P>(route: Route<P>, path: string, params: P, headers: Record<string, string> = {}) {
  return route.GET(new Request(`${BASE}${path}`, { headers }), { params: Promise.resolve(params) })
}

describe('Cache-Control of public responses, for a CDN in front', () => {
  it('gives the pages, feeds and calendar a short shared lifetime and a day of stale-if-error, with ETag and 304', async () => {
    for (const [route, path] of [
      [homeRoute, '/'],
      [historyRoute, '/history'],
      [atomRoute, '/feed.atom'],
      [rssRoute, '/feed.rss'],
      [calendarRoute, '/maintenances.ics'],
    ] as const) {
      const response = await get(route as Route<Record<string, never>>, path, {})
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe(SHARED)
      const etag = response.headers.get('etag')!
      expect(etag, path).toBeTruthy()
      const again = await get(route as Route<Record<string, never>>, path, {}, { 'if-none-match': etag })
      expect(again.status, path).toBe(304)
    }
  })

  it('gives /api/v1 and /api/v2 the same, and keeps their 304', async () => {
    const status = await v1('/status')
    expect(status.headers.get('cache-control')).toBe(SHARED)
    expect((await v1('/status', { headers: { 'if-none-match': status.headers.get('etag')! } })).status).toBe(304)
    const summary = await v2('/summary.json')
    expect(summary.headers.get('cache-control')).toBe(SHARED)
  })

  it('never lets a shared cache keep an error page', async () => {
    const missing = await get(incidentRoute as Route<{ shortId: string }>, '/i/nothing', { shortId: 'nothing' })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe('no-store')
    expect((await v1('/incidents/nothing')).headers.get('cache-control')).toBe('no-store')
  })
})
