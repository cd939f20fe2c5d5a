/**
 * The feeds, the calendar and the public APIs in the reader's language (docs/languages.md, docs/api.md "Languages"):
 * a feed asked for under `/de/` or `/ar/` (the edge says which in x-statuspage-locale) has its fixed words, title and
 * language element in that language and links to that language's pages; `?locale=` sets the language of the texts
 * the APIs write themselves, and leaves everything else (and an answer without it) as it was.
 */
import ical from 'node-ical'
import Parser from 'rss-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import * as atomRoute from '@/app/(site)/feed.atom/route'
import * as calendarRoute from '@/app/(site)/maintenances.ics/route'
import * as rssRoute from '@/app/(site)/feed.rss/route'
import { LOCALE_HEADER } from '@/runtime/headers'
import { api, createUser, payload, type TestUser } from '../helpers/api'
import { v1 } from '../helpers/public-api'
import { callRoute } from '../helpers/site-routes'
import { v2 } from '../helpers/statuspage-api'

let admin: TestUser
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString()

async function create(collection: string, body: Record<string, unknown>) {
  const response = await api('POST', `/${collection}`, { key: admin.key, body })
  expect(response.status, response.text).toBe(201)
  return response.body.doc
}

const feed = (route: typeof atomRoute, path: string, locale?: string) =>
  callRoute(route, 'GET', path, locale ? { [LOCALE_HEADER]: locale } : {})

beforeAll(async () => {
  admin = await createUser('admin')
  await (
    await payload()
  ).updateGlobal({ slug: 'settings', data: { siteName: 'Acme', publicUrl: 'https://status.acme.test/' } })
  const group = await create('service-groups', { name: 'Core' })
  const payments = await create('services', { name: 'Payments', group: group.id, status: 'degraded' })
  await create('services', { name: 'Search', group: group.id, status: 'operational' })
  await create('incidents', {
    title: 'Card declines',
    affectedServices: [payments.id],
    updates: [
      { status: 'investigating', message: 'Looking into it', createdAt: hours(-3) },
      { status: 'resolved', message: 'All good', createdAt: hours(-2) },
    ],
  })
  await create('maintenances', {
    title: 'Database upgrade',
    scheduledStartAt: hours(5),
    scheduledEndAt: hours(7),
    affectedServices: [payments.id],
  })
  await create('maintenances', { title: 'Network move', scheduledStartAt: hours(10), scheduledEndAt: null })
  await create('maintenances', {
    title: 'Called off',
    scheduledStartAt: hours(20),
    scheduledEndAt: hours(21),
    status: 'cancelled',
  })
})

describe('the feeds in a language', () => {
  it('German Atom: title, status words, xml:lang and links to the German pages', async () => {
    const answer = await feed(atomRoute, '/feed.atom', 'de')
    expect(answer.status).toBe(200)
    expect(answer.text).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="de">')
    const parsed = await new Parser().parseString(answer.text)
    expect(parsed.title).toBe('Acme: Störungen und Wartungen')
    const titles = parsed.items.map((i) => i.title)
    expect(titles).toContain('Card declines (Behoben)')
    expect(titles).toContain('Wartung: Database upgrade (Geplant)')
    expect(titles).toContain('Wartung: Called off (Abgesagt)')
    const upgrade = parsed.items.find((i) => i.title?.includes('Database upgrade'))!
    expect(upgrade.link).toMatch(/^https:\/\/status\.acme\.test\/de\/m\//)
    expect(upgrade.contentSnippet ?? upgrade.summary).toContain('Wartung (Geplant)')
    expect(answer.text).toContain('2 Stunden')
    expect(answer.text).toContain('Betroffen: Payments')
    expect(answer.text).toContain('href="https://status.acme.test/de/feed.atom"')
  })

  it('Arabic RSS: title, status words and <language>ar</language>', async () => {
    const answer = await feed(rssRoute, '/feed.rss', 'ar')
    expect(answer.status).toBe(200)
    expect(answer.text).toContain('<language>ar</language>')
    const parsed = await new Parser().parseString(answer.text)
    expect(parsed.title).toBe('Acme: الأعطال والصيانة')
    const titles = parsed.items.map((i) => i.title)
    expect(titles).toContain('Card declines (تم الحل)')
    expect(titles).toContain('صيانة: Network move (مجدولة)')
    expect(parsed.items.every((i) => i.link?.startsWith('https://status.acme.test/ar/'))).toBe(true)
    // Two hours is the dual, an open end its own words.
    expect(answer.text).toContain('ساعتان')
    expect(answer.text).toContain('حتى إشعار آخر')
  })

  it('the default language keeps its English words, without a prefix, and names itself', async () => {
    const answer = await feed(atomRoute, '/feed.atom')
    expect(answer.text).toContain('xml:lang="en"')
    const parsed = await new Parser().parseString(answer.text)
    expect(parsed.title).toBe('Acme: incidents and maintenances')
    expect(parsed.items.map((i) => i.title)).toContain('Maintenance: Database upgrade (Upcoming)')
    expect(parsed.items.every((i) => /^https:\/\/status\.acme\.test\/[im]\//.test(i.link ?? ''))).toBe(true)
  })

  it('German calendar: its name, the events and their descriptions, links to the German pages', async () => {
    const answer = await feed(calendarRoute, '/maintenances.ics', 'de')
    expect(answer.status).toBe(200)
    expect(answer.text).toContain('X-WR-CALNAME:Acme: Wartungen')
    expect(answer.text).toMatch(/\nURL(;[^:\r\n]*)?:https:\/\/status\.acme\.test\/de\/m\//)
    expect(answer.text).not.toMatch(/\nURL(;[^:\r\n]*)?:https:\/\/status\.acme\.test\/m\//)
    const events = Object.values(ical.sync.parseICS(answer.text)).filter((e) => e?.type === 'VEVENT') as ical.VEvent[]
    const upgrade = events.find((e) => String(e.summary) === 'Wartung: Database upgrade')!
    expect(upgrade).toBeDefined()
    expect(String(upgrade.description)).toContain('Wartung (Geplant)')
    expect(String(upgrade.description)).toContain('2 Stunden')
    expect(String(upgrade.description)).toContain('Betroffen: Payments')
    const open = events.find((e) => String(e.summary) === 'Wartung: Network move')!
    expect(String(open.description)).toContain('offenes Ende')
    expect(String(open.description)).toContain('bis auf Weiteres')
  })

  describe('in the pseudo-locale', () => {
    beforeAll(() => {
      process.env.I18N_PSEUDO_LOCALE = 'true'
    })
    afterAll(() => {
      delete process.env.I18N_PSEUDO_LOCALE
    })

    it('leaves no fixed English text in the feeds or the calendar', async () => {
      const english = [
        'incidents and maintenances',
        'Incidents and maintenances',
        'Investigating',
        'Resolved',
        'Upcoming',
        'Cancelled',
        'Maintenance',
        'Affected',
        'open end',
        ' to ',
        'hours',
        'until further notice',
      ]
      for (const [route, path] of [
        [atomRoute, '/feed.atom'],
        [rssRoute, '/feed.rss'],
        [calendarRoute, '/maintenances.ics'],
      ] as const) {
        const answer = await feed(route, path, 'en-XA')
        expect(answer.status, path).toBe(200)
        // What the editors wrote stays as written.
        expect(answer.text, path).toContain('Database upgrade')
        for (const text of english) expect(answer.text, `${path}: ${text}`).not.toContain(text)
      }
      expect((await feed(atomRoute, '/feed.atom', 'en-XA')).text).toContain('xml:lang="en-XA"')
    })
  })
})

describe('?locale on the public APIs', () => {
  it('/api/v2/status.json?locale=de: the description in German, the indicator as it is', async () => {
    const german = await v2('/status.json?locale=de')
    expect(german.status).toBe(200)
    expect(german.body.status).toEqual({ indicator: 'minor', description: 'Teilweise eingeschränkter Dienst' })
    expect(german.body.page.name).toBe('Acme')
    const cancelled = (await v2('/scheduled-maintenances.json?locale=de')).body.scheduled_maintenances.find(
      (m: { name: string }) => m.name === 'Called off',
    )
    expect(cancelled.incident_updates[0].body).toBe('Diese Wartung wurde abgesagt.')
    expect((await v2('/summary.json?locale=ja')).body.status.description).toBe(
      '一部のサービスでパフォーマンスが低下しています',
    )
  })

  it('/api/v1/status?locale=ja: the estimated durations in Japanese, what people wrote as written', async () => {
    const japanese = await v1('/status?locale=ja')
    expect(japanese.status).toBe(200)
    const byTitle = Object.fromEntries(
      japanese.body.data.activeMaintenances.map((m: { title: string }) => [m.title, m]),
    )
    expect(byTitle['Database upgrade'].duration).toBe('2時間')
    expect(byTitle['Network move'].duration).toBe('追ってお知らせするまで')
    expect(japanese.body.data.siteName).toBe('Acme')
    expect(japanese.body.data.serviceGroups[0].services.map((s: { name: string }) => s.name)).toEqual([
      'Payments',
      'Search',
    ])
  })

  it('takes any letter case, and says a problem in the language asked', async () => {
    const list = await v1('/maintenances?status=upcoming&locale=PT-BR')
    expect(list.status).toBe(200)
    expect(list.body.data.map((m: { duration: string }) => m.duration)).toContain('2 horas')
    const one = await v1(`/maintenances/${list.body.data[0].shortId}?locale=ar`)
    expect(['ساعتان', 'حتى إشعار آخر']).toContain(one.body.data.duration)
    const missing = await v1('/incidents/nosuch?locale=de')
    expect(missing.status).toBe(404)
    expect(missing.body.detail).toBe('Unter dieser Adresse wurde keine Störung gefunden.')
    const bad = await v1('/incidents?limit=0&locale=fr')
    expect(bad.status).toBe(400)
    expect(bad.body.detail).toBe('Paramètre de requête invalide : limit.')
  })

  it('answers an unknown locale with a 400 naming it, on /api/v1 and /api/v2', async () => {
    for (const answer of [await v1('/status?locale=xx'), await v2('/status.json?locale=xx')]) {
      expect(answer.status).toBe(400)
      expect(answer.headers.get('content-type')).toBe('application/problem+json')
      expect(answer.body.detail).toBe('Invalid query parameter: locale.')
      expect(answer.body['invalid-params']).toEqual([
        { name: 'locale', reason: 'must be one of en, de, fr, es, pt-BR, ja, ar' },
      ])
    }
    // The pseudo-locale is the tests', only where switched on.
    expect((await v1('/status?locale=en-xa')).status).toBe(400)
  })

  it('without a locale answers in English, as ?locale=en does, byte for byte', async () => {
    const plain = await v1('/status')
    expect(plain.text).toBe((await v1('/status?locale=en')).text)
    const durations = plain.body.data.activeMaintenances.map((m: { duration: string }) => m.duration)
    expect(durations).toEqual(expect.arrayContaining(['2 hours', 'until further notice']))
    const status = await v2('/status.json')
    expect(status.body.status.description).toBe('Partially Degraded Service')
    expect(status.text).toBe((await v2('/status.json?locale=EN')).text)
    const maintenances = await v2('/scheduled-maintenances.json')
    const cancelled = maintenances.body.scheduled_maintenances.find((m: { name: string }) => m.name === 'Called off')
    expect(cancelled.incident_updates[0].body).toBe('This maintenance was cancelled.')
  })
})
