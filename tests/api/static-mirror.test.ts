/**
 * What the static mirror (src/mirror, docs/deployment.md "A static mirror") copies of the real site, read in process
 * from the app's own routes as the mirror reads them: here the metrics (docs/metrics.md), `/api/v1/metrics` and each
 * metric's page of each range, with the numbers that were pushed; not a metric the page does not show. The files on
 * disk, the swap and nginx in front are tests/unit/mirror/static-mirror.test.ts's and tests/e2e/static-mirror's.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { collectSite, type Fetch } from '@/mirror/collect'
import type { MirrorFile } from '@/mirror/snapshot'
import { api, createUser, type TestUser } from '../helpers/api'
import { getByAddress } from '../helpers/app-router'
import { createTwoPages, type TwoPages } from '../helpers/two-pages'

const NOW = new Date('2026-03-10T12:02:00.000Z')
const S = NOW.getTime() / 1000

let admin: TestUser
let pages: TwoPages

/** The mirror's reads, answered by the route Next would run (the loopback read of src/mirror/index.ts). */
const fromRoutes: Fetch = async (pathWithQuery, accept) => {
  const response = await getByAddress(pathWithQuery, { accept })
  const rawHeaders = [...response.headers.entries()].flat()
  return { status: response.status, rawHeaders, body: Buffer.from(await response.arrayBuffer()) }
}

async function copyOfSite(): Promise<Map<string, MirrorFile>> {
  const files = new Map<string, MirrorFile>()
  await collectSite(fromRoutes, NOW, async (file) => {
    files.set(file.file, file)
  })
  return files
}

const push = (slug: string, data: unknown[]) => api('POST', `/metrics/${slug}/data`, { key: admin.key, body: { data } })

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  admin = await createUser('admin')
  pages = await createTwoPages(admin.key)
})

afterAll(() => {
  vi.useRealTimers()
})

describe('the static mirror of the metrics', () => {
  it('holds /api/v1/metrics and every range of each metric the page shows, with the pushed numbers', async () => {
    for (const body of [
      { name: 'API latency', slug: 'api-latency', unit: 'ms', service: pages.db },
      { name: 'Queue depth', slug: 'queue', unit: 'jobs' },
      // Only on page B: not on the default page, so not in its copy.
      { name: 'Billing runs', slug: 'billing-runs', unit: 'runs', pages: [pages.pageB] },
    ]) {
      const created = await api('POST', '/metrics', { key: admin.key, body })
      expect(created.status, created.text).toBe(201)
    }
    expect((await push('api-latency', [{ timestamp: S - 3600, value: 123.5 }])).status).toBe(201)
    expect((await push('queue', [{ timestamp: S - 600, value: 7 }])).status).toBe(201)

    const files = await copyOfSite()
    const list = files.get('api/v1/metrics.json')
    expect(list?.contentType).toMatch(/^application\/json/)
    const listed = JSON.parse(list!.body.toString('utf8')) as { data: { slug: string }[] }
    expect(listed.data.map((metric) => metric.slug).sort()).toEqual(['api-latency', 'queue'])

    for (const slug of ['api-latency', 'queue'])
      for (const range of ['day', 'week', 'month']) {
        const page = files.get(`metrics/${slug}/${range}/index.html`)
        expect(page, `${slug} ${range}`).toBeDefined()
        expect(page!.path).toBe(`/metrics/${slug}/${range}`)
        expect(page!.contentType).toMatch(/^text\/html/)
        expect(page!.body.toString('utf8')).toContain(`data-metric="${slug}"`)
      }
    expect(files.get('metrics/api-latency/day/index.html')!.body.toString('utf8')).toContain('data-value="123.5"')
    expect(files.get('metrics/queue/week/index.html')!.body.toString('utf8')).toContain('data-value="7"')
    expect([...files.keys()].filter((file) => file.includes('billing-runs'))).toEqual([])
    // A range is a query string of /api/v1/metrics/<slug>, which no file name can answer: the range pages stand in.
    expect([...files.keys()].filter((file) => file.startsWith('api/v1/metrics/'))).toEqual([])
    // The rest of the site is copied as before.
    expect(files.has('index.html')).toBe(true)
    expect(files.has('api/v1/status.json')).toBe(true)
    expect(files.has('s/database/index.html')).toBe(true)
  })
})
