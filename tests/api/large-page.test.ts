/**
 * `/` with many services (more than INLINE_BARS_MAX_SERVICES): every service's name and status, no bars; each group
 * links to its page /g/<slug>, which has its services' bars; /s/<slug> keeps its 90 days.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import * as homeRoute from '@/app/(site)/route'
import * as groupRoute from '@/app/(site)/g/[slug]/route'
import * as serviceRoute from '@/app/(site)/s/[slug]/route'
import { bumpDataVersion } from '@/runtime/data-version'
import { INLINE_BARS_MAX_SERVICES } from '@/site/pages'
import { BASE, payload } from '../helpers/api'

type SiteRoute = { GET: (request: Request, context: { params: Promise<any> }) => Promise<Response> }

async function page(route: SiteRoute, pathname: string, params: Record<string, string> = {}) {
  const response = await route.GET(new Request(new URL(pathname, BASE)), { params: Promise.resolve(params) })
  return { status: response.status, text: await response.text() }
}

const GROUPS = 3
const PER_GROUP = Math.ceil((INLINE_BARS_MAX_SERVICES + 1) / GROUPS)

beforeAll(async () => {
  const p = await payload()
  for (let g = 0; g < GROUPS; g++) {
    const group = await p.create({
      collection: 'service-groups',
      data: { name: `Group ${g}`, displayOrder: g },
      overrideAccess: true,
    })
    for (let i = 0; i < PER_GROUP; i++) {
      // One service of the last group is down: that group opens by itself.
      const status = g === GROUPS - 1 && i === 0 ? 'major' : 'operational'
      await p.create({
        collection: 'services',
        data: { name: `Svc ${g}-${i}`, group: group.id, displayOrder: i, status },
        overrideAccess: true,
        depth: 0,
      })
    }
  }
  bumpDataVersion()
}, 120_000)

describe('a large /', () => {
  it('lists every service with its status and a link to its page, without bars; each group links to its page', async () => {
    const home = await page(homeRoute, '/')
    expect(home.status).toBe(200)
    expect(home.text).not.toContain('<ol class="bars"')
    const items = [
      ...home.text.matchAll(
        /<li><span class="name"><a href="\/s\/([^"]+)">([^<]+)<\/a><\/span><span class="badge s-(\w+)"/g,
      ),
    ]
    expect(items).toHaveLength(GROUPS * PER_GROUP)
    expect(items.filter((m) => m[3] === 'major').map((m) => m[2])).toEqual([`Svc ${GROUPS - 1}-0`])
    for (let g = 0; g < GROUPS; g++) {
      expect(home.text).toContain(
        `<a href="/g/group-${g}">Uptime over 90 days<span class="visually-hidden"> of Group ${g}</span></a>`,
      )
    }
    const details = [
      ...home.text.matchAll(/<details class="group" data-name="([^"]+)" data-bars="\/g\/([^"]+)"( open)?>/g),
    ]
    expect(details.map((m) => [m[1], m[2], Boolean(m[3])])).toEqual([
      ['group-0', 'group-0', false],
      ['group-1', 'group-1', false],
      ['group-2', 'group-2', true],
    ])
  })

  it('/g/<slug> shows the group with its services and their 90-day bars; an unknown group is the 404 page', async () => {
    const group = await page(groupRoute, '/g/group-1', { slug: 'group-1' })
    expect(group.status).toBe(200)
    expect(group.text).toContain('<h1 id="title">Group 1</h1>')
    const list = group.text.match(
      /<div class="card group-services" id="group-services"><ul class="services">(.*?)<\/ul><\/div>/s,
    )
    expect(list).not.toBeNull()
    const bars = [...list![1].matchAll(/<ol class="bars" aria-label="([^"]+)">(.*?)<\/ol>/g)]
    expect(bars.map((m) => m[1])).toEqual(
      Array.from({ length: PER_GROUP }, (_, i) => `Svc 1-${i}: uptime per day, oldest first`),
    )
    for (const [, , days] of bars) expect(days.match(/<li /g)).toHaveLength(90)
    const missing = await page(groupRoute, '/g/nope', { slug: 'nope' })
    expect(missing.status).toBe(404)
    expect(missing.text).toContain('No service group was found at this address.')
  })

  it('/s/<slug> keeps the full 90 days', async () => {
    const service = await page(serviceRoute, '/s/svc-0-0', { slug: 'svc-0-0' })
    expect(service.status).toBe(200)
    expect(service.text.match(/<li (tabindex=0 )?class=[oxpdmn]>/g)).toHaveLength(90)
  })
})
