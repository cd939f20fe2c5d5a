/**
 * A service's and a group's own feeds and calendar (`/s/<slug>/feed.atom|feed.rss|maintenances.ics`, the same under
 * `/g/<slug>/`), as a feed reader and a calendar read them (rss-parser over xml2js, node-ical): only the incidents and
 * maintenances that affect the service, or a service the page lists under the group; per page (page B on its host
 * and at /p/b/ beside the default page A), in the request's language, a 404 for a slug the page does not show; and
 * announced and linked on the service's and group's pages.
 */
import { parseDocument, DomUtils } from 'htmlparser2'
import ical from 'node-ical'
import Parser from 'rss-parser'
import { beforeAll, describe, expect, it } from 'vitest'

import * as pageAtom from '@/app/(site)/feed.atom/route'
import * as groupAtom from '@/app/(site)/g/[slug]/feed.atom/route'
import * as groupRss from '@/app/(site)/g/[slug]/feed.rss/route'
import * as groupCalendar from '@/app/(site)/g/[slug]/maintenances.ics/route'
import * as groupRoute from '@/app/(site)/g/[slug]/route'
import * as serviceAtom from '@/app/(site)/s/[slug]/feed.atom/route'
import * as serviceRss from '@/app/(site)/s/[slug]/feed.rss/route'
import * as serviceCalendar from '@/app/(site)/s/[slug]/maintenances.ics/route'
import * as serviceRoute from '@/app/(site)/s/[slug]/route'
import { LOCALE_HEADER, PAGE_KEY_HEADER, PAGE_SLUG_HEADER, PUBLIC_ORIGIN_HEADER } from '@/runtime/headers'
import { api, createUser, payload, type TestUser } from '../helpers/api'
import { callRoute, type Route } from '../helpers/site-routes'
import { createTwoPages } from '../helpers/two-pages'

const onA = { [PUBLIC_ORIGIN_HEADER]: 'https://status-a.test' }
const onB = { [PUBLIC_ORIGIN_HEADER]: 'https://status-b.test' }
const viaPathB = { ...onA, [PAGE_SLUG_HEADER]: 'b' }

let editor: TestUser
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString()

/** GET of a service's or group's route (`slug` is its parameter), with the headers the edge sets. */
const get = (route: Route, path: string, slug: string, headers: Record<string, string> = onA) =>
  callRoute(route, 'GET', path, headers, { params: { slug } })

async function feedOf(route: Route, path: string, slug: string, headers: Record<string, string> = onA) {
  const answer = await get(route, path, slug, headers)
  expect(answer.status, `${path}: ${answer.text.slice(0, 300)}`).toBe(200)
  return { answer, feed: await new Parser().parseString(answer.text) }
}

const titlesOf = (feed: { items: { title?: string }[] }) => feed.items.map((i) => i.title).sort()

function eventsOf(text: string) {
  const parsed = ical.sync.parseICS(text)
  const events = Object.values(parsed).filter((c) => c?.type === 'VEVENT') as ical.VEvent[]
  const name = (parsed.vcalendar as unknown as Record<string, unknown>)['WR-CALNAME']
  return { name, summaries: events.map((e) => String(e.summary)).sort() }
}

/** The links of the page's "Follow" section and its <link rel="alternate">s, as a browser reads them. */
function feedLinksOf(html: string) {
  const document = parseDocument(html)
  const section = DomUtils.findOne(
    (e) => e.name === 'section' && e.attribs['aria-labelledby'] === 'follow-h',
    [document],
  )
  const heading = section && DomUtils.findOne((e) => e.name === 'h2', [section])
  return {
    heading: heading ? DomUtils.textContent(heading) : null,
    visible: section
      ? DomUtils.findAll((e) => e.name === 'a', [section]).map((a) => [DomUtils.textContent(a), a.attribs.href])
      : [],
    alternates: DomUtils.findAll(
      (e) => e.name === 'link' && e.attribs.rel === 'alternate' && !!e.attribs.type,
      [document],
    ).map((l) => [l.attribs.title, l.attribs.href]),
  }
}

beforeAll(async () => {
  editor = await createUser('editor')
  const admin = await createUser('admin')
  const p = await payload()
  const ledger = await p.create({
    collection: 'service-groups',
    data: { name: 'Ledger', displayOrder: 3 },
    overrideAccess: true,
  })
  const payouts = await p.create({
    collection: 'services',
    data: { name: 'Payouts', group: ledger.id, status: 'operational' },
    overrideAccess: true,
  })
  // A shows Database and Website under Core; B shows Database and Billing under Money, and Payouts under Ledger.
  const { db, web, billing } = await createTwoPages(admin.key, [{ group: ledger.id, services: [payouts.id] }])
  const incident = async (title: string, services: number[]) => {
    const created = await api('POST', '/incidents', {
      key: editor.key,
      body: { title, affectedServices: services, updates: [{ status: 'investigating', message: `${title}.` }] },
    })
    expect(created.status, created.text).toBe(201)
  }
  await incident('Database slow', [db])
  await incident('Website down', [web])
  await incident('Billing broken', [billing])
  await incident('Payouts late', [payouts.id])
  // Naming no service and no page: on the default page's own feeds only.
  await incident('Office wifi', [])
  const maintenance = async (title: string, services: number[], startIn: number) => {
    const created = await api('POST', '/maintenances', {
      key: editor.key,
      body: { title, affectedServices: services, scheduledStartAt: hours(startIn), scheduledEndAt: hours(startIn + 1) },
    })
    expect(created.status, created.text).toBe(201)
  }
  await maintenance('Database upgrade', [db], 24)
  await maintenance('Website move', [web], 48)
})

describe("a service's feeds", () => {
  it("hold its incidents and maintenances and not another service's, in Atom and RSS alike", async () => {
    const { answer, feed } = await feedOf(serviceAtom, '/s/website/feed.atom', 'website')
    expect(titlesOf(feed)).toEqual(['Maintenance: Website move (Upcoming)', 'Website down (Investigating)'])
    expect(feed.title).toBe('Acme status · Website: incidents and maintenances')
    expect(feed.link).toBe('https://status-a.test/s/website')
    expect(answer.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
    expect(answer.text).toContain('<id>https://status-a.test/s/website</id>')
    expect(answer.text).toContain('href="https://status-a.test/s/website/feed.atom"')

    const rss = await feedOf(serviceRss, '/s/database/feed.rss', 'database')
    expect(titlesOf(rss.feed)).toEqual(['Database slow (Investigating)', 'Maintenance: Database upgrade (Upcoming)'])
    expect(rss.feed.description).toBe('Incidents and maintenances affecting Database on Acme status')
    expect(rss.answer.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    // Each item links to its own page, as in the page's feed.
    expect(rss.feed.items.every((i) => /^https:\/\/status-a\.test\/[im]\//.test(i.link ?? ''))).toBe(true)
  })

  it("are served and cached as the page's feed is: the same Cache-Control, an ETag, the page's key", async () => {
    const own = await get(serviceAtom, '/s/website/feed.atom', 'website')
    const page = await callRoute(pageAtom, 'GET', '/feed.atom', onA)
    for (const name of ['cache-control', PAGE_KEY_HEADER])
      expect(own.headers.get(name), name).toBe(page.headers.get(name))
    expect(own.headers.get('etag')).toMatch(/^(W\/)?"/)
    // The page's feed holds every one of them, and what names no service.
    expect(page.text).toContain('Office wifi')
    expect(own.text).not.toContain('Office wifi')
  })

  it('has a calendar of its maintenances only', async () => {
    const answer = await get(serviceCalendar, '/s/database/maintenances.ics', 'database')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(eventsOf(answer.text)).toEqual({
      name: 'Acme status · Database: maintenances',
      summaries: ['Maintenance: Database upgrade'],
    })
  })
})

describe("a group's feeds", () => {
  it('hold what affects any service the page lists under the group, and nothing of the other groups', async () => {
    const { feed } = await feedOf(groupRss, '/g/core/feed.rss', 'core')
    expect(titlesOf(feed)).toEqual([
      'Database slow (Investigating)',
      'Maintenance: Database upgrade (Upcoming)',
      'Maintenance: Website move (Upcoming)',
      'Website down (Investigating)',
    ])
    expect(feed.title).toBe('Acme status · Core: incidents and maintenances')
    const calendar = eventsOf((await get(groupCalendar, '/g/core/maintenances.ics', 'core')).text)
    expect(calendar).toEqual({
      name: 'Acme status · Core: maintenances',
      summaries: ['Maintenance: Database upgrade', 'Maintenance: Website move'],
    })
  })
})

describe('per page', () => {
  it("a group's feed follows the services that page lists under it", async () => {
    // B lists Database under Money, so B's Money feed has the Database incident; the Website one is on no B feed, and
    // the Payouts one on B's Ledger feed only.
    for (const headers of [onB, viaPathB]) {
      const { feed } = await feedOf(groupAtom, '/g/money/feed.atom', 'money', headers)
      expect(titlesOf(feed)).toEqual([
        'Billing broken (Investigating)',
        'Database slow (Investigating)',
        'Maintenance: Database upgrade (Upcoming)',
      ])
      expect(feed.title).toBe('Acme Pay status · Money: incidents and maintenances')
    }
    const ledger = await feedOf(groupAtom, '/g/ledger/feed.atom', 'ledger', onB)
    expect(titlesOf(ledger.feed)).toEqual(['Payouts late (Investigating)'])
  })

  it("a service on two pages has a feed under each, named and linked as that page's", async () => {
    const a = await feedOf(serviceAtom, '/s/database/feed.atom', 'database', onA)
    const b = await feedOf(serviceAtom, '/s/database/feed.atom', 'database', onB)
    const byPath = await feedOf(serviceAtom, '/s/database/feed.atom', 'database', viaPathB)
    expect(titlesOf(b.feed)).toEqual(titlesOf(a.feed))
    expect(b.feed.title).toBe('Acme Pay status · Database: incidents and maintenances')
    expect(b.answer.text).toContain('href="https://status-b.test/s/database/feed.atom"')
    expect(b.feed.items.every((i) => i.link?.startsWith('https://status-b.test/'))).toBe(true)
    expect(byPath.answer.text).toContain('href="https://status-a.test/p/b/s/database/feed.atom"')
    expect(byPath.feed.items.every((i) => i.link?.startsWith('https://status-a.test/p/b/'))).toBe(true)
    expect(b.answer.headers.get(PAGE_KEY_HEADER)).not.toBe(a.answer.headers.get(PAGE_KEY_HEADER))
  })

  it('a service or group the page does not show has no feed there (404), as it has no page there', async () => {
    const absent: [Route, string, string, Record<string, string>][] = [
      [serviceAtom, '/s/billing/feed.atom', 'billing', onA],
      [serviceRss, '/s/billing/feed.rss', 'billing', onA],
      [serviceCalendar, '/s/billing/maintenances.ics', 'billing', onA],
      [serviceAtom, '/s/website/feed.atom', 'website', onB],
      [groupAtom, '/g/money/feed.atom', 'money', onA],
      [groupCalendar, '/g/core/maintenances.ics', 'core', viaPathB],
    ]
    for (const [route, path, slug, headers] of absent) {
      const answer = await get(route, path, slug, headers)
      expect(answer.status, path).toBe(404)
    }
  })
})

describe('an unknown slug', () => {
  it('is a 404 page, never stored, on each of the six', async () => {
    const routes: [Route, string][] = [
      [serviceAtom, '/s/nope/feed.atom'],
      [serviceRss, '/s/nope/feed.rss'],
      [serviceCalendar, '/s/nope/maintenances.ics'],
      [groupAtom, '/g/nope/feed.atom'],
      [groupRss, '/g/nope/feed.rss'],
      [groupCalendar, '/g/nope/maintenances.ics'],
    ]
    for (const [route, path] of routes) {
      const answer = await get(route, path, 'nope')
      expect(answer.status, path).toBe(404)
      expect(answer.headers.get('cache-control'), path).toBe('no-store')
      expect(answer.headers.get('content-type'), path).toBe('text/html; charset=utf-8')
      expect(answer.text, path).toContain(
        path.startsWith('/s/') ? 'No service was found' : 'No service group was found',
      )
    }
  })
})

describe('in a language', () => {
  it("German: the subject's title, xml:lang, and links to the German pages and feed", async () => {
    const { answer, feed } = await feedOf(serviceAtom, '/s/database/feed.atom', 'database', {
      ...onA,
      [LOCALE_HEADER]: 'de',
    })
    expect(answer.text).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="de">')
    expect(feed.title).toBe('Acme status · Database: Störungen und Wartungen')
    expect(titlesOf(feed)).toEqual(['Database slow (Wird untersucht)', 'Wartung: Database upgrade (Geplant)'])
    expect(feed.link).toBe('https://status-a.test/de/s/database')
    expect(answer.text).toContain('href="https://status-a.test/de/s/database/feed.atom"')
    expect(feed.items.every((i) => i.link?.startsWith('https://status-a.test/de/'))).toBe(true)
    const calendar = await get(serviceCalendar, '/s/database/maintenances.ics', 'database', {
      ...onA,
      [LOCALE_HEADER]: 'de',
    })
    expect(eventsOf(calendar.text).name).toBe('Acme status · Database: Wartungen')
  })

  it("Arabic RSS of page B's group: its title and <language>", async () => {
    const { answer, feed } = await feedOf(groupRss, '/g/money/feed.rss', 'money', { ...onB, [LOCALE_HEADER]: 'ar' })
    expect(answer.text).toContain('<language>ar</language>')
    expect(feed.title).toBe('Acme Pay status · Money: الأعطال والصيانة')
    expect(feed.link).toBe('https://status-b.test/ar/g/money')
  })
})

describe("the service's and group's pages", () => {
  it('announce their feeds before the whole page’s, and link them under a heading of their own', async () => {
    const page = await get(serviceRoute, '/s/database', 'database')
    expect(page.status).toBe(200)
    const links = feedLinksOf(page.text)
    expect(links.heading).toBe('Follow this service')
    expect(links.visible).toEqual([
      ['Atom feed', '/s/database/feed.atom'],
      ['RSS feed', '/s/database/feed.rss'],
      ['Maintenance calendar', '/s/database/maintenances.ics'],
    ])
    expect(links.alternates).toEqual([
      ['Acme status · Database: incidents and maintenances (Atom)', '/s/database/feed.atom'],
      ['Acme status · Database: incidents and maintenances (RSS)', '/s/database/feed.rss'],
      ['Acme status · Database: maintenances (iCalendar)', '/s/database/maintenances.ics'],
      ['Acme status: incidents and maintenances (Atom)', '/feed.atom'],
      ['Acme status: incidents and maintenances (RSS)', '/feed.rss'],
      ['Acme status: maintenances (iCalendar)', '/maintenances.ics'],
    ])
  })

  it("a group's page, under a page's path and in German: the links keep both prefixes", async () => {
    const page = await get(groupRoute, '/g/money', 'money', { ...viaPathB, [LOCALE_HEADER]: 'de' })
    expect(page.status).toBe(200)
    const links = feedLinksOf(page.text)
    expect(links.heading).toBe('Dieser Gruppe folgen')
    expect(links.visible).toEqual([
      ['Atom-Feed', '/p/b/de/g/money/feed.atom'],
      ['RSS-Feed', '/p/b/de/g/money/feed.rss'],
      ['Wartungskalender', '/p/b/de/g/money/maintenances.ics'],
    ])
    expect(links.alternates[0]).toEqual([
      'Acme Pay status · Money: Störungen und Wartungen (Atom)',
      '/p/b/de/g/money/feed.atom',
    ])
  })
})
