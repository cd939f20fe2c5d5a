/**
 * Several status pages on one instance (docs/pages.md): page B on its own host name and at /p/b/, beside the default
 * page A. The route handlers get the headers the edge sets (the request's origin, and the slug of a /p/<slug> path),
 * as they do behind server.ts; the edge's part is tests/e2e/pages.test.ts's.
 */
import { createHash } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import * as feedRoute from '@/app/(site)/feed.atom/route'
import * as incidentRoute from '@/app/(site)/i/[shortId]/route'
import * as homeRoute from '@/app/(site)/route'
import { pageChoices } from '@/admin/page-switcher'
import { onLocalDataChange } from '@/runtime/data-version'
import { METRICS_KEY_OFFSET } from '@/domain/metrics'
import { KNOWN_HOST_HEADER, PAGE_SLUG_HEADER, PUBLIC_ORIGIN_HEADER } from '@/runtime/headers'
import { api, createUser, payload, type TestUser } from '../helpers/api'
import { v1 } from '../helpers/public-api'
import { v2 } from '../helpers/statuspage-api'
import { createTwoPages } from '../helpers/two-pages'

type SiteRoute = { GET: (request: Request, context: { params: Promise<any> }) => Promise<Response> }

const HOST_B = 'status-b.test'
/** The headers the edge sets for a request to B's host, to A's (a host no page claims), or to /p/<slug>/ on A's. */
const onB = { [PUBLIC_ORIGIN_HEADER]: `https://${HOST_B}` }
const onA = { [PUBLIC_ORIGIN_HEADER]: 'https://status-a.test' }
const viaPath = (slug: string) => ({ ...onA, [PAGE_SLUG_HEADER]: slug })

async function site(route: SiteRoute, path: string, headers: Record<string, string>, params = {}) {
  const response = await route.GET(new Request(new URL(path, 'http://localhost:3000'), { headers }), {
    params: Promise.resolve(params),
  })
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    knownHost: response.headers.get(KNOWN_HOST_HEADER),
    csp: response.headers.get('content-security-policy') ?? '',
    text: await response.text(),
  }
}

const siteName = (html: string) => /<span class="name">([^<]*)<\/span>/.exec(html)?.[1]
const banner = (html: string) => /<h1 id="overall">([^<]*)<\/h1>/.exec(html)?.[1]
const footerLinks = (html: string) => /<footer class="site">[\s\S]*<\/footer>/.exec(html)?.[0] ?? ''
/** The inline stylesheets of a page, and the hashes its CSP allows for styles. */
const styles = (html: string) => [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1])
const styleHashes = (csp: string) =>
  /style-src ([^;]*)/
    .exec(csp)?.[1]
    .split(' ')
    .filter((s) => s.startsWith("'sha256-"))
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
const serviceNames = (summary: { serviceGroups: { services: { name: string }[] }[] }) =>
  summary.serviceGroups.flatMap((g) => g.services.map((s) => s.name))

let admin: TestUser
let editor: TestUser
const ids: Record<string, number> = {}

async function createIncident(title: string, services: number[], pages: number[] = []) {
  const created = await api('POST', '/incidents', {
    key: editor.key,
    body: {
      title,
      affectedServices: services,
      pages,
      updates: [{ status: 'investigating', message: `${title}: investigating` }],
    },
  })
  expect(created.status, created.text).toBe(201)
  return created.body.doc.shortId as string
}

beforeAll(async () => {
  // One instant throughout: the uptime bars move with the clock, and A's bodies are compared before and after.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-26T12:00:00.000Z'))
  admin = await createUser('admin')
  editor = await createUser('editor')
  // A shows Database and Website; B shows Database (under Money, B's only heading) and Billing.
  Object.assign(ids, await createTwoPages(admin.key))
})

afterAll(() => {
  vi.useRealTimers()
})

describe('a page', () => {
  it('answers on its host with its own name and services; a host no page claims gets the default page', async () => {
    const b = await site(homeRoute, '/', onB)
    expect(siteName(b.text)).toBe('Acme Pay status')
    expect(b.text).toContain('Billing')
    expect(b.text).not.toContain('Website')
    const a = await site(homeRoute, '/', onA)
    expect(siteName(a.text)).toBe('Acme status')
    // The response cache is told which hosts are the site's own: a page's (and the public base URL's).
    expect(b.knownHost).toBe('1')
    expect(a.knownHost).toBeNull()
    expect(a.text).toContain('Website')
    expect(a.text).not.toContain('Billing')

    expect(serviceNames((await v1('/status', { headers: onB })).body.data)).toEqual(['Database', 'Billing'])
    expect((await v1('/status', { headers: onB })).body.data.siteName).toBe('Acme Pay status')
    expect((await v1('/services', { headers: onA })).body.data.map((s: { name: string }) => s.name)).toEqual([
      'Database',
      'Website',
    ])
    // B shows Database under its own heading.
    const bGroups = (await v1('/status', { headers: onB })).body.data.serviceGroups
    expect(bGroups.map((g: { name: string }) => g.name)).toEqual(['Money'])
  })

  it('answers at /p/<slug>/ on any host with the same page, its links under the prefix; an unknown slug is a 404', async () => {
    const byPath = await site(homeRoute, '/', viaPath('b'))
    expect(siteName(byPath.text)).toBe('Acme Pay status')
    expect(byPath.text).toContain('href="/p/b/history"')
    expect(byPath.text).not.toMatch(/href="\/history"/)
    const byHost = await site(homeRoute, '/', onB)
    expect(byHost.text).toContain('href="/history"')
    // Its other languages under the prefix too (absolute addresses: docs/languages.md).
    expect(byPath.text).toContain('hreflang="de" href="https://status-a.test/p/b/de/"')
    expect(byHost.text).toContain('hreflang="de" href="https://status-b.test/de/"')
    // The same page modulo its links.
    const withoutLanguages = (text: string) =>
      text
        .replace(/\n<link rel="alternate" hreflang="[^"]+" href="[^"]+">/g, '')
        .replace(/<nav class="languages".*?<\/nav>/s, '')
    expect(withoutLanguages(byPath.text).replaceAll('/p/b/', '/')).toBe(
      withoutLanguages(byHost.text).replace(/https:\/\/status-b\.test/g, 'https://status-a.test/p/b'),
    )

    expect((await site(homeRoute, '/', viaPath('nothing-here'))).status).toBe(404)
    expect((await v1('/status', { headers: viaPath('nothing-here') })).status).toBe(404)
  })

  it("keeps one product's incident off the other's page, feed and APIs, and leaves the other's bodies as they were", async () => {
    const before = {
      home: await site(homeRoute, '/', onA),
      feed: await site(feedRoute, '/feed.atom', onA),
      v1: (await v1('/incidents', { headers: onA })).text,
      v2: (await v2('/incidents.json', onA)).text,
    }
    const shortId = await createIncident('Card payments fail', [ids.billing])

    expect((await site(homeRoute, '/', onB)).text).toContain('Card payments fail')
    expect((await v1('/incidents', { headers: onB })).body.data.map((i: { title: string }) => i.title)).toContain(
      'Card payments fail',
    )
    expect((await v2('/incidents.json', onB)).body.incidents.map((i: { name: string }) => i.name)).toContain(
      'Card payments fail',
    )
    expect((await site(feedRoute, '/feed.atom', onB)).text).toContain('Card payments fail')
    expect((await site(incidentRoute, `/i/${shortId}`, onB, { shortId })).status).toBe(200)

    const home = await site(homeRoute, '/', onA)
    expect(home.etag).toBe(before.home.etag)
    expect((await site(feedRoute, '/feed.atom', onA)).text).toBe(before.feed.text)
    expect((await v1('/incidents', { headers: onA })).text).toBe(before.v1)
    expect((await v2('/incidents.json', onA)).text).toBe(before.v2)
    expect((await site(incidentRoute, `/i/${shortId}`, onA, { shortId })).status).toBe(404)
    expect((await v1(`/incidents/${shortId}`, { headers: onA })).status).toBe(404)
  })

  it("shows an incident on a shared service on both pages, each page's status from its own services", async () => {
    await (
      await payload()
    ).update({
      collection: 'services',
      id: ids.web,
      data: { status: 'major' },
      overrideAccess: true,
    })
    await createIncident('Database slow', [ids.db])
    for (const headers of [onA, onB]) {
      const titles = (await v1('/incidents?status=active', { headers })).body.data.map(
        (i: { title: string }) => i.title,
      )
      expect(titles).toContain('Database slow')
    }
    expect((await v1('/status', { headers: onA })).body.data.status).toBe('major')
    expect((await v1('/status', { headers: onB })).body.data.status).toBe('operational')
    expect((await v2('/status.json', onB)).body.status.indicator).toBe('none')
    expect((await v2('/status.json', onA)).body.status.indicator).toBe('major')
  })

  it('shows an incident without services on the pages it names, or else on the default page only', async () => {
    await createIncident('Status emails delayed on B', [], [ids.pageB])
    await createIncident('Office network down', [])
    const titles = async (headers: Record<string, string>) =>
      (await v1('/incidents', { headers })).body.data.map((i: { title: string }) => i.title)
    expect(await titles(onB)).toContain('Status emails delayed on B')
    expect(await titles(onB)).not.toContain('Office network down')
    expect(await titles(onA)).toContain('Office network down')
    expect(await titles(onA)).not.toContain('Status emails delayed on B')
  })

  it('gives each page its own /api/v2 page id and name, and a shared service the same component id on both', async () => {
    const a = (await v2('/summary.json', onA)).body
    const b = (await v2('/summary.json', onB)).body
    expect(a.page.name).toBe('Acme status')
    expect(b.page.name).toBe('Acme Pay status')
    expect(a.page.id).not.toBe(b.page.id)
    expect(b.page.url).toBe(`https://${HOST_B}`)
    const idOf = (summary: { components: { id: string; name: string }[] }, name: string) =>
      summary.components.find((c) => c.name === name)?.id
    expect(idOf(b, 'Database')).toBeDefined()
    expect(idOf(b, 'Database')).toBe(idOf(a, 'Database'))
    expect(idOf(a, 'Billing')).toBeUndefined()
  })

  it("limits a list's service filter to the page's services", async () => {
    expect((await v1('/incidents?service=billing', { headers: onA })).body.data).toEqual([])
    expect((await v1('/incidents?service=billing', { headers: onB })).body.data.length).toBeGreaterThan(0)
  })
})

describe("what a write tells the edge's cache", () => {
  /** The pages each change made while `write` ran said it touched (undefined: every page). */
  async function touched(write: () => Promise<unknown>): Promise<(number[] | undefined)[]> {
    const heard: (number[] | undefined)[] = []
    // Pages only: a service's write also names the same pages' metrics keys (src/domain/metrics.ts), as it must.
    const stop = onLocalDataChange((_version, change) =>
      heard.push(change.pages && [...change.pages].filter((key) => key < METRICS_KEY_OFFSET).sort()),
    )
    try {
      await write()
    } finally {
      stop()
    }
    return heard
  }
  const patch = (path: string, body: Record<string, unknown>) => async () => {
    const answer = await api('PATCH', path, { key: admin.key, body })
    expect(answer.status, answer.text).toBe(200)
  }

  it("names the pages a service's or an incident's write touched, and every page for a delete of a service", async () => {
    const b = ids.pageB
    // Billing is on B only, Website on A only.
    expect(await touched(patch(`/services/${ids.billing}`, { status: 'degraded' }))).toEqual([[b]])
    expect(await touched(patch(`/services/${ids.web}`, { description: 'The website' }))).toEqual([[0]])
    expect(await touched(() => createIncident('Touches B only', [ids.billing]))).toEqual([[b]])
    expect(await touched(() => createIncident('Names B only', [], [b]))).toEqual([[b]])
    // A page's or the settings' write, and a service's delete, count for every page.
    expect(await touched(patch(`/pages/${b}`, { description: 'Payments' }))).toEqual([undefined])
    const p = await payload()
    const gone = await p.create({
      collection: 'services',
      data: { name: 'Short-lived', group: ids.money, status: 'operational' },
      overrideAccess: true,
    })
    expect(await touched(() => api('DELETE', `/services/${gone.id}`, { key: admin.key }))).toEqual([undefined])
  })

  it('names, for a renamed service, the pages showing an incident that prints its name', async () => {
    const b = ids.pageB
    // An incident on Website (A's) and Billing (B's) shows on both and prints both names: renaming Billing touches A.
    await createIncident('Both products', [ids.web, ids.billing])
    expect(await touched(patch(`/services/${ids.billing}`, { name: 'Billing and invoices' }))).toEqual([[0, b]])
    // A status change prints nothing in the incident: B's only.
    expect(await touched(patch(`/services/${ids.billing}`, { status: 'operational' }))).toEqual([[b]])
  })
})

describe('writing pages', () => {
  it('refuses a slug or host name another page has, or a host that is not one, with a 400 naming the field', async () => {
    const slugTaken = await api('POST', '/pages', { key: admin.key, body: { name: 'Other', slug: 'b' } })
    expect(slugTaken.status).toBe(400)
    expect(slugTaken.text).toContain('slug')
    const hostTaken = await api('POST', '/pages', {
      key: admin.key,
      body: { name: 'Other', hosts: [{ host: 'STATUS-B.test.' }] },
    })
    expect(hostTaken.status).toBe(400)
    expect(hostTaken.body.errors[0].data.errors[0]).toMatchObject({ path: 'hosts.0.host' })
    expect(hostTaken.text).toContain('Acme Pay status')
    const twice = await api('POST', '/pages', {
      key: admin.key,
      body: { name: 'Other', hosts: [{ host: 'x.test' }, { host: 'X.test' }] },
    })
    expect(twice.status).toBe(400)
    expect(twice.text).toContain('listed twice')
    const url = await api('POST', '/pages', {
      key: admin.key,
      body: { name: 'Other', hosts: [{ host: 'https://status-c.test/' }] },
    })
    expect(url.status).toBe(400)
    expect(url.text).toContain('host name alone')
  })

  it('lets admins write pages, not editors; anyone reads them', async () => {
    expect((await api('POST', '/pages', { key: editor.key, body: { name: 'Mine' } })).status).toBe(403)
    expect((await api('POST', '/pages', { body: { name: 'Mine' } })).status).toBe(401)
    const listed = await api('GET', '/pages')
    expect(listed.status).toBe(200)
    expect(listed.body.docs.map((p: { slug: string }) => p.slug)).toContain('b')
    expect(listed.body.docs.find((p: { slug: string }) => p.slug === 'b').hosts[0].host).toBe(HOST_B)
  })

  it('lets a group a page shows be deleted; the page leaves that heading out', async () => {
    const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Short-lived' } })
    const page = await api('POST', '/pages', {
      key: admin.key,
      body: { name: 'Brief', slug: 'brief', sections: [{ group: group.body.doc.id }] },
    })
    expect(page.status, page.text).toBe(201)
    expect((await v1('/status', { headers: viaPath('brief') })).body.data.serviceGroups).toHaveLength(1)
    const deleted = await api('DELETE', `/service-groups/${group.body.doc.id}`, { key: admin.key })
    expect(deleted.status, deleted.text).toBe(200)
    expect((await v1('/status', { headers: viaPath('brief') })).body.data.serviceGroups).toEqual([])
  })
})

describe('an editor limited to a page', () => {
  let limited: TestUser

  beforeAll(async () => {
    limited = await createUser('editor', 'limited')
    const set = await api('PATCH', `/users/${limited.id}`, { key: admin.key, body: { pages: [ids.pageB] } })
    expect(set.status, set.text).toBe(200)
    for (const [email, page] of [
      ['on-b@example.test', ids.pageB],
      ['on-a@example.test', null],
    ] as const) {
      const created = await api('POST', '/subscribers', { key: admin.key, body: { type: 'email', email, page } })
      expect(created.status, created.text).toBe(201)
    }
  })

  it("sees only its page's incidents and subscribers", async () => {
    const titles = (await api('GET', '/incidents?limit=100', { key: limited.key })).body.docs.map(
      (i: { title: string }) => i.title,
    )
    expect(titles).toEqual(
      expect.arrayContaining(['Card payments fail', 'Database slow', 'Status emails delayed on B']),
    )
    expect(titles).not.toContain('Office network down')
    const everyone = (await api('GET', '/incidents?limit=100', { key: editor.key })).body.docs.length
    expect(everyone).toBeGreaterThan(titles.length)
    const emails = (await api('GET', '/subscribers', { key: limited.key })).body.docs.map(
      (s: { email: string }) => s.email,
    )
    expect(emails).toEqual(['on-b@example.test'])
  })

  it("is offered its page only in the admin's page switcher, whose links list what each page shows", async () => {
    const p = await payload()
    const choices = async (user: TestUser) =>
      pageChoices(p, await p.findByID({ collection: 'users', id: user.id, depth: 0 }), 'incidents', {})
    const mine = await choices(limited)
    expect(mine.map((choice) => [choice.label, choice.viewUrl])).toEqual([
      ['All your pages', null],
      ['Acme Pay status', '/p/b/'],
    ])
    // An admin: All pages, the default page, then every page (an earlier test made another).
    const every = await choices(admin)
    expect(every.slice(0, 3).map((choice) => choice.label)).toEqual(['All pages', 'Acme status', 'Acme Pay status'])
    expect(every.map((choice) => choice.current)).toEqual(every.map((_, n) => n === 0))
    // Each link's filter, read by the REST API as the admin's list reads it, lists what the page's site shows.
    const listed = async (href: string) =>
      (
        await api('GET', `/incidents${new URL(href, 'http://localhost').search}&limit=100`, { key: admin.key })
      ).body.docs
        .map((i: { title: string }) => i.title)
        .sort()
    const onSite = async (headers: Record<string, string>) =>
      (await v1('/incidents', { headers })).body.data.map((i: { title: string }) => i.title).sort()
    expect(await listed(every[2].href)).toEqual(await onSite(onB))
    expect(await listed(every[1].href)).toEqual(await onSite(onA))
    expect(await listed(every[1].href)).toContain('Office network down')
  })

  it('writes incidents on its page only, and cannot widen its own limit', async () => {
    const onB = await api('POST', '/incidents', {
      key: limited.key,
      body: {
        title: 'Payouts late',
        affectedServices: [ids.billing],
        updates: [{ status: 'investigating', message: 'x' }],
      },
    })
    expect(onB.status, onB.text).toBe(201)
    const onA = await api('POST', '/incidents', {
      key: limited.key,
      body: {
        title: 'Website slow',
        affectedServices: [ids.web],
        updates: [{ status: 'investigating', message: 'x' }],
      },
    })
    expect(onA.status).toBe(403)
    const office = (await api('GET', '/incidents?where[title][equals]=Office network down', { key: editor.key })).body
      .docs[0]
    const changed = await api('PATCH', `/incidents/${office.id}`, { key: limited.key, body: { title: 'Mine now' } })
    expect([403, 404]).toContain(changed.status)
    const moved = await api('PATCH', `/incidents/${onB.body.doc.id}`, {
      key: limited.key,
      body: { affectedServices: [ids.web] },
    })
    expect(moved.status).toBe(403)
    // Naming its own page does not carry another page's service along, nor does an update that sets its status.
    const smuggled = await api('POST', '/incidents', {
      key: limited.key,
      body: {
        title: 'Both',
        affectedServices: [ids.billing, ids.web],
        pages: [ids.pageB],
        updates: [{ status: 'investigating', message: 'x' }],
      },
    })
    expect(smuggled.status).toBe(403)
    const webBefore = (await api('GET', `/services/${ids.web}`, { key: admin.key })).body.status
    const viaStatus = await api('PATCH', `/incidents/${onB.body.doc.id}`, {
      key: limited.key,
      body: {
        updates: [
          ...onB.body.doc.updates,
          { status: 'identified', message: 'y', serviceStatuses: [{ service: ids.web, status: 'degraded' }] },
        ],
      },
    })
    expect(viaStatus.status).toBe(403)
    expect((await api('GET', `/services/${ids.web}`, { key: admin.key })).body.status).toBe(webBefore)
    // Services: only its page's may change; none may be made; the notification records not read at all.
    expect((await api('PATCH', `/services/${ids.web}`, { key: limited.key, body: { description: 'x' } })).status).toBe(
      403,
    )
    expect(
      (await api('PATCH', `/services/${ids.billing}`, { key: limited.key, body: { description: 'x' } })).status,
    ).toBe(200)
    expect(
      (await api('POST', '/services', { key: limited.key, body: { name: 'Mine', group: ids.money } })).status,
    ).toBe(403)
    expect((await api('GET', '/notification-deliveries', { key: limited.key })).status).toBe(403)
    await api('PATCH', `/users/${limited.id}`, { key: limited.key, body: { pages: [] } })
    const me = await api('GET', `/users/${limited.id}`, { key: admin.key })
    expect(me.body.pages.map((p: number | { id: number }) => (typeof p === 'object' ? p.id : p))).toEqual([ids.pageB])
  })
})

describe('deleting what a page refers to', () => {
  it('refuses to delete a page an editor is limited to, or a service a page lists, saying why', async () => {
    const page = await api('DELETE', `/pages/${ids.pageB}`, { key: admin.key })
    expect(page.status).toBe(409)
    expect(page.text).toMatch(/editor limited to it/)
    const service = await api('DELETE', `/services/${ids.billing}`, { key: admin.key })
    expect(service.status).toBe(409)
    expect(service.body.errors[0].message).toContain('"Acme Pay status"')
    const listedByA = await api('DELETE', `/services/${ids.web}`, { key: admin.key })
    expect(listedByA.status).toBe(409)
    expect(listedByA.text).toContain('the default page')
  })
})

describe('asking search engines not to list a page', () => {
  it('is each page’s own choice, in its headers and its HTML', async () => {
    const robots = async (headers: Record<string, string>) => {
      const response = await homeRoute.GET(new Request('http://localhost:3000/', { headers }), {
        params: Promise.resolve({}),
      })
      const html = await response.text()
      return [response.headers.get('x-robots-tag'), html.includes('<meta name="robots" content="noindex">')]
    }
    expect(await robots(onB)).toEqual([null, false])
    const set = await api('PATCH', `/pages/${ids.pageB}`, { key: admin.key, body: { noindex: true } })
    expect(set.status, set.text).toBe(200)
    expect(await robots(onB)).toEqual(['noindex', true])
    // The default page keeps its own choice.
    expect(await robots(onA)).toEqual([null, false])
    await api('PATCH', `/pages/${ids.pageB}`, { key: admin.key, body: { noindex: false } })
    expect(await robots(onB)).toEqual([null, false])
    // The default page's, in the settings; B does not follow it.
    const own = await api('POST', '/globals/settings', { key: admin.key, body: { noindex: true } })
    expect(own.status, own.text).toBe(200)
    expect(await robots(onA)).toEqual(['noindex', true])
    expect(await robots(onB)).toEqual([null, false])
    await api('POST', '/globals/settings', { key: admin.key, body: { noindex: false } })
  })
})

describe("a page's branding", () => {
  const settings = (body: Record<string, unknown>) => api('POST', '/globals/settings', { key: admin.key, body })
  const DEFAULT_BRANDING = {
    accentColor: '',
    bannerTexts: { major: null, operational: null },
    footerLinks: [],
    dateFormat: 'day-month',
  }

  it("shows each page's accent, banner words, footer links and date format; a page without them, the default page's", async () => {
    const before = await site(homeRoute, '/', onA)
    expect(styles(before.text)).toHaveLength(1)

    const a = await settings({
      accentColor: '#AA3300',
      bannerTexts: { major: 'Acme is having a bad day', operational: 'Acme is fine' },
      footerLinks: [{ label: 'Acme blog', url: 'https://acme.test/blog' }],
      dateFormat: 'iso',
    })
    expect(a.status, a.text).toBe(200)
    expect(a.body.result.accentColor).toBe('#aa3300')
    const b = await api('PATCH', `/pages/${ids.pageB}`, {
      key: admin.key,
      body: {
        accentColor: '#116644',
        bannerTexts: { operational: 'Acme Pay is fine' },
        footerLinks: [{ label: 'Pay <help>', url: 'https://pay.test/help?a=1&b=2' }],
        dateFormat: 'month-day',
      },
    })
    expect(b.status, b.text).toBe(200)
    const plain = await api('POST', '/pages', { key: admin.key, body: { name: 'Plain', slug: 'plain' } })
    expect(plain.status, plain.text).toBe(201)

    // A is in a major outage (Website), B is operational; both have incidents of today (12:00 UTC).
    const onPageA = await site(homeRoute, '/', onA)
    expect(banner(onPageA.text)).toBe('Acme is having a bad day')
    expect(footerLinks(onPageA.text)).toContain('<a href="https://acme.test/blog">Acme blog</a>')
    expect(onPageA.text).toContain('<html lang="en" data-date-format="iso">')
    expect(onPageA.text).toMatch(/<time datetime="[^"]+"[^>]*>2026-11-26 12:00 UTC<\/time>/)
    expect(onPageA.text).toContain('--link:#aa3300')

    const onPageB = await site(homeRoute, '/', onB)
    expect(banner(onPageB.text)).toBe('Acme Pay is fine')
    expect(footerLinks(onPageB.text)).toContain('<a href="https://pay.test/help?a=1&amp;b=2">Pay &lt;help&gt;</a>')
    expect(footerLinks(onPageB.text)).not.toContain('Acme blog')
    expect(onPageB.text).toContain('<html lang="en" data-date-format="month-day">')
    expect(onPageB.text).toMatch(/<time datetime="[^"]+"[^>]*>Nov 26, 2026, 12:00 PM UTC<\/time>/)
    expect(onPageB.text).toContain('--link:#116644')

    // Plain sets nothing: the default page's, and its banner's words for its own status (no services: operational).
    const onPlain = await site(homeRoute, '/', viaPath('plain'))
    expect(banner(onPlain.text)).toBe('Acme is fine')
    expect(footerLinks(onPlain.text)).toContain('Acme blog')
    expect(onPlain.text).toContain('data-date-format="iso"')
    expect(styles(onPlain.text)).toEqual(styles(onPageA.text))

    // The custom status message still wins over the banner's words, which then stand under it.
    await api('PATCH', `/pages/${ids.pageB}`, { key: admin.key, body: { statusMessage: 'Moving house' } })
    expect(banner((await site(homeRoute, '/', onB)).text)).toBe('Moving house')
    await api('PATCH', `/pages/${ids.pageB}`, { key: admin.key, body: { statusMessage: '' } })

    // Without branding the default page is byte for byte what it was.
    expect((await settings(DEFAULT_BRANDING)).status).toBe(200)
    expect((await site(homeRoute, '/', onA)).text).toBe(before.text)
  })

  it("allows exactly a page's accent style in that response's CSP, and no other page's", async () => {
    const b = await site(homeRoute, '/', onB)
    const [siteCss, accent] = styles(b.text)
    expect(accent).toMatch(/^:root\{--link:#116644;/)
    expect(styleHashes(b.csp)).toEqual([hashOf(siteCss), hashOf(accent)])
    expect(b.csp).not.toContain('unsafe-inline')

    const a = await site(homeRoute, '/', onA)
    expect(styles(a.text)).toEqual([siteCss])
    expect(styleHashes(a.csp)).toEqual([hashOf(siteCss)])
    // A 404 of the page keeps its look, and its policy allows it.
    const missing = await site(incidentRoute, '/i/nothing', onB, { shortId: 'nothing' })
    expect(missing.status).toBe(404)
    expect(styleHashes(missing.csp)).toEqual([hashOf(siteCss), hashOf(accent)])
  })

  it('refuses a colour that is not #rrggbb, a footer link that is not http(s) and too many links, naming the field', async () => {
    for (const accentColor of ['red', '#12345g', '#fff', '#000000;}body{display:none']) {
      const page = await api('PATCH', `/pages/${ids.pageB}`, { key: admin.key, body: { accentColor } })
      expect(page.status, accentColor).toBe(400)
      expect(page.body.errors[0].data.errors[0]).toMatchObject({ path: 'accentColor' })
      const global = await settings({ accentColor })
      expect(global.status, accentColor).toBe(400)
      expect(global.text).toContain('accentColor')
    }
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', '/relative', 'ftp://files.test/']) {
      const page = await api('PATCH', `/pages/${ids.pageB}`, {
        key: admin.key,
        body: { footerLinks: [{ label: 'Bad', url }] },
      })
      expect(page.status, url).toBe(400)
      expect(page.body.errors[0].data.errors[0]).toMatchObject({ path: 'footerLinks.0.url' })
    }
    const many = Array.from({ length: 11 }, (_, i) => ({ label: `Link ${i}`, url: `https://x.test/${i}` }))
    const tooMany = await settings({ footerLinks: many })
    expect(tooMany.status).toBe(400)
    expect(tooMany.text).toContain('footerLinks')
    const badFormat = await settings({ dateFormat: 'yyyy' })
    expect(badFormat.status).toBe(400)
    expect(badFormat.text).toContain('dateFormat')
    // Nothing was stored: B keeps its own accent.
    expect((await site(homeRoute, '/', onB)).text).toContain('--link:#116644')
  })
})
