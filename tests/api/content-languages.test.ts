/**
 * Content in several languages (docs/languages.md, "Content"): an incident's title and messages and a service's name
 * written in English and German. A German reader gets the German; a Japanese reader the English, marked "not
 * translated" and said to be English; an English reader the page as it was before any translation. Both dialects.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import * as homeRoute from '@/app/(site)/route'
import * as incidentRoute from '@/app/(site)/i/[shortId]/route'
import * as serviceRoute from '@/app/(site)/s/[slug]/route'
import { missingTranslationsOf } from '@/admin/missing-translations'
import { LOCALE_HEADER, PUBLIC_ORIGIN_HEADER } from '@/runtime/headers'
import { api, createUser, payload, type TestUser } from '../helpers/api'
import { v1 } from '../helpers/public-api'
import { v2 } from '../helpers/statuspage-api'
import { callRoute } from '../helpers/site-routes'

const origin = { [PUBLIC_ORIGIN_HEADER]: 'https://status.languages.test' }
const inLanguage = (locale?: string) => (locale ? { ...origin, [LOCALE_HEADER]: locale } : origin)

let admin: TestUser
let incidentId: number
let shortId: string
const before: Record<string, string> = {}

const home = async (locale?: string) => (await callRoute(homeRoute, 'GET', '/', inLanguage(locale))).text
const incidentPage = async (locale?: string) =>
  (await callRoute(incidentRoute, 'GET', `/i/${shortId}`, inLanguage(locale), { params: { shortId } })).text

beforeAll(async () => {
  admin = await createUser('admin')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Core' } })
  expect(group.status, group.text).toBe(201)
  const service = await api('POST', '/services', {
    key: admin.key,
    body: { name: 'Payments', slug: 'payments', group: group.body.doc.id, status: 'operational' },
  })
  expect(service.status, service.text).toBe(201)
  // Made an hour ago: a day a service has existed for less than half a second of says "no data" in the bars (and
  // names no incident), and the bars are computed once a minute, so a page read just after it was made kept them.
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString()
  const p = await payload()
  await p.update({
    collection: 'services',
    id: service.body.doc.id,
    data: { createdAt: hourAgo },
    overrideAccess: true,
  })
  await p.update({
    collection: 'service-status-changes',
    where: { service: { equals: service.body.doc.id } },
    data: { at: hourAgo },
    overrideAccess: true,
  })
  // Written in English only first, as every site has so far.
  const created = await api('POST', '/incidents', {
    key: admin.key,
    body: {
      title: 'Card payments fail',
      affectedServices: [service.body.doc.id],
      updates: [{ status: 'investigating', message: 'We are looking into failed card payments.' }],
    },
  })
  expect(created.status, created.text).toBe(201)
  incidentId = created.body.doc.id
  shortId = created.body.doc.shortId
  before.home = await home()
  before.incident = await incidentPage()

  // Then the German title, message and service name, each saved on its own (the admin's locale switcher).
  const title = await api('PATCH', `/incidents/${incidentId}?locale=de`, {
    key: admin.key,
    body: { title: 'Kartenzahlungen schlagen fehl' },
  })
  expect(title.status, title.text).toBe(200)
  const read = await api('GET', `/incidents/${incidentId}?depth=0&locale=de&fallback-locale=none`, { key: admin.key })
  const messages = await api('PATCH', `/incidents/${incidentId}?locale=de`, {
    key: admin.key,
    body: {
      updates: read.body.updates.map((u: Record<string, unknown>) => ({
        ...u,
        message: 'Wir untersuchen fehlgeschlagene Kartenzahlungen.',
      })),
    },
  })
  expect(messages.status, messages.text).toBe(200)
  const name = await api('PATCH', `/services/${service.body.doc.id}?locale=de`, {
    key: admin.key,
    body: { name: 'Zahlungen' },
  })
  expect(name.status, name.text).toBe(200)
})

describe('content written in English and German', () => {
  it('keeps the English as it was, and a translation saved later leaves the English pages unchanged', async () => {
    const en = await api('GET', `/incidents/${incidentId}?depth=0`, { key: admin.key })
    expect(en.body.title).toBe('Card payments fail')
    expect(en.body.updates[0].message).toBe('We are looking into failed card payments.')
    // The uptime bars are left out: they are read per minute and data version, and may take in the incident later.
    const withoutBars = (page: string) => page.replace(/<div class="uptime">.*?<\/div>/gs, '')
    expect(withoutBars(await home())).toBe(withoutBars(before.home))
    expect(await incidentPage()).toBe(before.incident)
    expect(before.home).not.toContain('untranslated')
  })

  it('shows a German reader the German title, message and service name, with no mark', async () => {
    const page = await incidentPage('de')
    expect(page).toContain('<h1 id="title">Kartenzahlungen schlagen fehl</h1>')
    expect(page).toContain('Wir untersuchen fehlgeschlagene Kartenzahlungen.')
    expect(page).not.toContain('Card payments fail')
    expect(page).not.toContain('untranslated')
    const start = await home('de')
    expect(start).toContain('>Kartenzahlungen schlagen fehl</a>')
    expect(start).toContain('>Zahlungen</a>')
    expect(start).not.toContain('>Payments<')
    // The group has no German name: its English one is marked.
    expect(start).toContain('<span lang="en">Core</span> <span class="badge muted untranslated" lang="de"')
    expect(start.match(/class="badge muted untranslated"/g)).toHaveLength(1)
    const service = await callRoute(serviceRoute, 'GET', '/s/payments', inLanguage('de'), {
      params: { slug: 'payments' },
    })
    expect(service.text).toContain('<h1 id="title">Zahlungen</h1>')
  })

  it('shows a Japanese reader the English, marked as not translated and as English', async () => {
    const page = await incidentPage('ja')
    expect(page).toContain(
      '<h1 id="title"><span lang="en">Card payments fail</span> <span class="badge muted untranslated" lang="ja"',
    )
    expect(page).toContain('>未翻訳</span>')
    expect(page).toMatch(/<div class="rich message" lang="en">.*We are looking into failed card payments\./s)
    const start = await home('ja')
    expect(start).toContain('<span lang="en">Card payments fail</span>')
    expect(start).toContain('<span lang="en">Payments</span>')
  })

  it('answers the JSON API in the request language where a translation exists', async () => {
    const german = await v1(`/incidents/${shortId}`, { headers: inLanguage('de') })
    expect(german.status, german.text).toBe(200)
    expect(german.body.data).toMatchObject({
      title: 'Kartenzahlungen schlagen fehl',
      affectedServices: [{ slug: 'payments', name: 'Zahlungen' }],
    })
    expect(german.body.data.updates[0].message).toBe('Wir untersuchen fehlgeschlagene Kartenzahlungen.')
    const japanese = await v1(`/incidents/${shortId}`, { headers: inLanguage('ja') })
    expect(japanese.body.data.title).toBe('Card payments fail')
    const services = await v1('/services', { headers: inLanguage('de') })
    expect(services.body.data.map((s: { name: string }) => s.name)).toContain('Zahlungen')
    const english = await v1(`/incidents/${shortId}`, { headers: origin })
    expect(english.body.data.title).toBe('Card payments fail')
    // ?locale= on the default address asks for the same as the prefix.
    const asked = await v1(`/incidents/${shortId}?locale=de`, { headers: origin })
    expect(asked.body.data.title).toBe('Kartenzahlungen schlagen fehl')
  })

  it("answers Statuspage's API in the language ?locale= asks for, with the same fallback", async () => {
    const summary = async (query: string) => {
      const answer = await v2(`/summary.json${query}`, origin)
      expect(answer.status, answer.text).toBe(200)
      const names = answer.body.components.map((c: { name: string }) => c.name)
      const incident = answer.body.incidents.find((i: { shortlink: string }) => i.shortlink.endsWith(shortId))
      return { names, title: incident?.name, body: incident?.incident_updates.at(-1)?.body }
    }
    expect(await summary('?locale=de')).toEqual({
      names: ['Core', 'Zahlungen'],
      title: 'Kartenzahlungen schlagen fehl',
      body: 'Wir untersuchen fehlgeschlagene Kartenzahlungen.',
    })
    expect(await summary('?locale=ja')).toMatchObject({ names: ['Core', 'Payments'], title: 'Card payments fail' })
    expect(await summary('')).toMatchObject({ names: ['Core', 'Payments'], title: 'Card payments fail' })
  })

  it("names the services and the incidents of the uptime bars in the reader's language", async () => {
    const bars = (page: string) => page.match(/<div class="uptime">.*?<\/div>/gs)?.join('') ?? ''
    const german = bars(await home('de'))
    expect(german).toContain('>Kartenzahlungen schlagen fehl</a>')
    expect(german).toContain('Zahlungen')
    expect(german).not.toContain('Card payments fail')
    const english = bars(await home())
    expect(english).toContain('>Card payments fail</a>')
    // Japanese has neither: the English, as the rest of the page falls back.
    expect(bars(await home('ja'))).toContain('>Card payments fail</a>')
    const uptime = await v1('/uptime?days=1', { headers: inLanguage('de') })
    expect(uptime.status, uptime.text).toBe(200)
    expect(uptime.body.data[0]).toMatchObject({ name: 'Zahlungen', days: [{ incidents: [{ shortId }] }] })
    expect(uptime.body.data[0].days[0].incidents[0].title).toBe('Kartenzahlungen schlagen fehl')
    expect((await v1('/uptime?days=1', { headers: origin })).body.data[0].name).toBe('Payments')
  })

  it("says the banner's own words in each language they are written in, else that language's headline", async () => {
    const english = await api('POST', '/globals/settings', {
      key: admin.key,
      body: { bannerTexts: { operational: 'Acme runs fine' } },
    })
    expect(english.status, english.text).toBe(200)
    const german = await api('POST', '/globals/settings?locale=de', {
      key: admin.key,
      body: { bannerTexts: { operational: 'Acme läuft' } },
    })
    expect(german.status, german.text).toBe(200)
    const headline = (page: string) => page.match(/<h1 id="overall">(.*?)<\/h1>/)?.[1]
    expect(headline(await home())).toBe('Acme runs fine')
    expect(headline(await home('de'))).toBe('Acme läuft')
    // Japanese has no words of its own: the built-in Japanese headline, not another language's text.
    const japanese = headline(await home('ja'))
    expect(japanese).not.toBe('Acme runs fine')
    expect(japanese).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/)
  })

  it('publishes an English update before its translation, which then falls back to the English', async () => {
    const read = await api('GET', `/incidents/${incidentId}?depth=0`, { key: admin.key })
    const added = await api('PATCH', `/incidents/${incidentId}`, {
      key: admin.key,
      body: { updates: [...read.body.updates, { status: 'identified', message: 'A provider is down.' }] },
    })
    expect(added.status, added.text).toBe(200)
    const page = await incidentPage('de')
    expect(page).toContain('Wir untersuchen fehlgeschlagene Kartenzahlungen.')
    // German is not this page's default language, so the English fallback is marked.
    expect(page).toMatch(/<div class="rich message" lang="en">.*A provider is down\./s)
    expect(page).toContain('nicht übersetzt')
  })

  it('lists in the editor the languages whose title or updates are not written yet', async () => {
    const missing = await missingTranslationsOf(await payload(), 'incidents', incidentId)
    expect(missing.map((m) => m.locale)).toEqual(['de', 'fr', 'es', 'pt-BR', 'ja', 'ar'])
    // German lacks only the update published in English since.
    expect(missing[0]).toEqual({ locale: 'de', name: 'Deutsch', title: false, updates: 1 })
    expect(missing[1]).toEqual({ locale: 'fr', name: 'Français', title: true, updates: 2 })
  })
})
