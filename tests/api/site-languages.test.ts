/**
 * The public pages in the reader's language (docs/languages.md): the route handlers called in-process with the
 * header the edge sets for `/de/…`, `/ar/…` and the pseudo-locale's `/en-xa/…`. German and Arabic pages say their
 * statuses, headings, lengths of time and empty states in that language (Arabic right to left), and a page in the
 * pseudo-locale shows no plain English sentence: every text of the pages passed through a catalogue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import * as unknownRoute from '@/app/(site)/[...unknown]/route'
import * as groupRoute from '@/app/(site)/g/[slug]/route'
import * as historyRoute from '@/app/(site)/history/route'
import * as incidentRoute from '@/app/(site)/i/[shortId]/route'
import * as maintenanceRoute from '@/app/(site)/m/[shortId]/route'
import * as homeRoute from '@/app/(site)/route'
import * as serviceRoute from '@/app/(site)/s/[slug]/route'
import { resetConfig } from '@/config/env'
import { LOCALE_HEADER } from '@/runtime/headers'

import { api, createUser, type TestUser } from '../helpers/api'
import { callRoute, type Route } from '../helpers/site-routes'

const HOUR = 60 * 60 * 1000
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString()

let admin: TestUser
let editor: TestUser
const at: Record<string, string> = {}
/** What an operator wrote (names, titles, messages): never translated, so left out of the pseudo-locale's check. */
const WRITTEN = ['Ledger', 'Ledger group', 'Quill', 'Ledger stalls', 'Queue drained', 'Replica swap', 'Writes wait']

/** Every public page of the test's data: path, route and params. */
const pages = (): [string, Route, object][] => [
  ['/', homeRoute, {}],
  ['/history', historyRoute, {}],
  [`/history?service=${at.service}`, historyRoute, {}],
  [`/i/${at.active}`, incidentRoute, { shortId: at.active }],
  [`/i/${at.resolved}`, incidentRoute, { shortId: at.resolved }],
  [`/m/${at.maintenance}`, maintenanceRoute, { shortId: at.maintenance }],
  [`/s/${at.service}`, serviceRoute, { slug: at.service }],
  [`/g/${at.group}`, groupRoute, { slug: at.group }],
  ['/no-such-page', unknownRoute, { unknown: ['no-such-page'] }],
]

const get = (route: Route, path: string, params: object, locale: string) =>
  callRoute(route, 'GET', path, { [LOCALE_HEADER]: locale }, { params })

/**
 * The text a reader sees and hears: the body without its scripts, each tag's aria-label, alt and title kept. The
 * subscription form on `/` is the forms' (src/i18n/messages/<locale>/forms.json), checked with them.
 */
function readable(page: string): string[] {
  const body = page
    .slice(page.indexOf('<body>'))
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<section aria-labelledby="subscribe-h"[\s\S]*?<\/section>/, '')
  const labels = [...body.matchAll(/(?:aria-label|alt|title)="([^"]*)"/g)].map((m) => m[1])
  const texts = body
    .replace(/<time[^>]*>[^<]*<\/time>/g, ' ') // dates: the language's own, from Intl
    .split(/<[^>]+>/)
    .map((s) => s.trim())
  return [...texts, ...labels].filter(Boolean)
}

/** Two English words in a row (letters only): what an untranslated text leaves in the pseudo-locale. */
const ENGLISH_WORDS = /\b[A-Za-z]{2,}\b[ ,.:]+\b[A-Za-z]{2,}\b/

beforeAll(async () => {
  process.env.I18N_PSEUDO_LOCALE = 'true'
  resetConfig()
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Ledger group' } })
  at.group = group.body.doc.slug
  const ledger = await api('POST', '/services', {
    key: admin.key,
    body: { name: 'Ledger', group: group.body.doc.id, status: 'major' },
  })
  at.service = ledger.body.doc.slug
  await api('POST', '/services', { key: admin.key, body: { name: 'Quill', group: group.body.doc.id } })
  const active = await api('POST', '/incidents', {
    key: editor.key,
    body: {
      title: 'Ledger stalls',
      affectedServices: [ledger.body.doc.id],
      updates: [{ status: 'investigating', message: 'Writes wait', createdAt: fromNow(-90 * 60 * 1000) }],
    },
  })
  expect(active.status, active.text).toBe(201)
  at.active = active.body.doc.shortId
  const resolved = await api('POST', '/incidents', {
    key: editor.key,
    body: {
      title: 'Queue drained',
      affectedServices: [ledger.body.doc.id],
      updates: [
        { status: 'investigating', message: 'Writes wait', createdAt: fromNow(-5 * HOUR) },
        { status: 'resolved', message: 'Writes wait', createdAt: fromNow(-2 * HOUR) },
      ],
    },
  })
  expect(resolved.status, resolved.text).toBe(201)
  at.resolved = resolved.body.doc.shortId
  const maintenance = await api('POST', '/maintenances', {
    key: editor.key,
    body: {
      title: 'Replica swap',
      affectedServices: [ledger.body.doc.id],
      scheduledStartAt: fromNow(2 * HOUR),
      scheduledEndAt: fromNow(5 * HOUR),
      recurrence: { frequency: 'weekly', weekdays: ['tue', 'fri'] },
    },
  })
  expect(maintenance.status, maintenance.text).toBe(201)
  at.maintenance = maintenance.body.doc.shortId
})

afterAll(() => {
  delete process.env.I18N_PSEUDO_LOCALE
  resetConfig()
})

describe('the public pages in German', () => {
  it('say their headings, statuses, lengths and repeats in German', async () => {
    const home = await get(homeRoute, '/', {}, 'de')
    expect(home.status).toBe(200)
    expect(home.text).toContain('<html lang="de"')
    for (const text of [
      'Ledger: schwerer Ausfall',
      'Aktuelle Störungen',
      'Geplante Wartung',
      'Wird untersucht',
      'Beginnt in 2 Stunden',
      'Wiederholt sich wöchentlich am Dienstag und Freitag',
      'Dienste',
      'Letzte 7 Tage',
    ])
      expect(home.text).toContain(text)
    expect(home.text).not.toContain('Active incidents')

    const resolved = await get(incidentRoute, `/i/${at.resolved}`, { shortId: at.resolved }, 'de')
    expect(resolved.text).toContain('Nach 3 Stunden behoben, am')
    expect(resolved.text).toContain('Betroffene Dienste: Ledger')
    const active = await get(incidentRoute, `/i/${at.active}`, { shortId: at.active }, 'de')
    expect(active.text).toContain('Dauert seit 1 Stunde 30 Minuten an')

    const maintenance = await get(maintenanceRoute, `/m/${at.maintenance}`, { shortId: at.maintenance }, 'de')
    expect(maintenance.text).toContain('<dt>Dauer</dt><dd>3 Stunden</dd>')

    const history = await get(historyRoute, '/history', {}, 'de')
    expect(history.text).toContain('<title>Verlauf · Status</title>')
    expect(history.text).toContain('Seite 1 von 1')

    const missing = await get(unknownRoute, '/nope', { unknown: ['nope'] }, 'de')
    expect(missing.status).toBe(404)
    expect(missing.text).toContain('Unter dieser Adresse wurde keine Seite gefunden.')
  })
})

describe('the public pages in Arabic', () => {
  it('are right to left, with Arabic words and plurals', async () => {
    const home = await get(homeRoute, '/', {}, 'ar')
    expect(home.text).toContain('<html lang="ar" dir="rtl"')
    for (const text of ['Ledger: انقطاع كبير', 'الأعطال الحالية', 'الصيانة المجدولة', 'تبدأ خلال ساعتان', 'الخدمات'])
      expect(home.text).toContain(text)
    const resolved = await get(incidentRoute, `/i/${at.resolved}`, { shortId: at.resolved }, 'ar')
    expect(resolved.text).toContain('تم الحل بعد 3 ساعات')
    const group = await get(groupRoute, `/g/${at.group}`, { slug: at.group }, 'ar')
    // The way back points right, the way back reads in Arabic.
    expect(group.text).toContain('<span aria-hidden="true">→ </span>الحالة الراهنة')
    // The services began today: their uptime is counted over the window, or since they began.
    expect(group.text).toMatch(/<span class="u90">نسبة التشغيل [^<]+ (?:خلال 90 يومًا|منذ [^<]+)<\/span>/)
  })
})

describe('the public pages in the pseudo-locale', () => {
  it('leave no plain English sentence: every text passed through a catalogue', async () => {
    for (const [path, route, params] of pages()) {
      const page = await get(route, path, params, 'en-XA')
      expect(page.text, path).toContain('<html lang="en-XA"')
      const english = readable(page.text)
        .map((text) => WRITTEN.reduce((rest, written) => rest.split(written).join(' '), text))
        .filter((text) => ENGLISH_WORDS.test(text))
      expect(english, path).toEqual([])
    }
  })
})
