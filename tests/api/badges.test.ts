/**
 * The status badges (docs/badges.md) as a README's `<img>` and shields.io get them: the SVG parsed by a real XML
 * parser (@xmldom/xmldom, any error or warning fails), its accessible name, where each text sits against its box, the
 * colour and symbol of each status; the uptime against GET /api/v1/uptime, the open incidents against
 * /api/v1/incidents; per page (host and /p/<slug>), group and service; the endpoint JSON against shields.io's schema.
 * With an injected clock (fake Date): the history is written at chosen instants.
 */
import { DOMParser, type Document, type Element } from '@xmldom/xmldom'
import { Ajv } from 'ajv'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import * as badgeRoute from '@/app/(site)/badge/[...badge]/route'
import { serviceStatusLabel } from '@/i18n/statuses'
import { translator } from '@/i18n/translate'
import { LOCALE_HEADER, PAGE_SLUG_HEADER, PUBLIC_ORIGIN_HEADER } from '@/runtime/headers'
import { SITE_CSS } from '@/site/styles'
import { api, BASE, createUser, payload, type TestUser } from '../helpers/api'
import { v1 } from '../helpers/public-api'
import { createServiceAt, setStatusAt } from '../helpers/status-history'

const t = (iso: string) => new Date(iso)
const NOW = t('2026-03-10T12:00:00.000Z')
const HOST_B = 'status-b.test'
const onA = { [PUBLIC_ORIGIN_HEADER]: 'https://status-a.test' }
const onB = { [PUBLIC_ORIGIN_HEADER]: `https://${HOST_B}` }
const viaPath = (slug: string) => ({ ...onA, [PAGE_SLUG_HEADER]: slug })

/** The page's banner colours as its stylesheet says them, which the badges share (docs/badges.md). */
const banner = (name: string) => new RegExp(`--${name}-solid:(#[0-9a-f]{6})`).exec(SITE_CSS)![1]
const COLOUR = {
  operational: banner('ok'),
  degraded: banner('warn'),
  partial: banner('partial'),
  major: banner('bad'),
  maintenance: banner('info'),
  none: '#6b6b6b',
}

let admin: TestUser
const ids: Record<string, number> = {}

interface Answer {
  status: number
  headers: Headers
  text: string
}

/** GET of a badge address (after any /p/<slug> and language prefix, which the edge takes off into headers). */
async function badge(path: string, headers: Record<string, string> = onA): Promise<Answer> {
  const url = new URL(path, BASE)
  const segments = url.pathname
    .replace(/^\/badge\//, '')
    .split('/')
    .map(decodeURIComponent)
  const response = await badgeRoute.GET(new Request(url, { headers }), { params: Promise.resolve({ badge: segments }) })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** The document, or the test fails on the parser's first complaint (a warning included). */
function parseSvg(text: string): Document {
  const document = new DOMParser({
    onError: (level, message) => {
      throw new Error(`${level}: ${message}`)
    },
  }).parseFromString(text, 'image/svg+xml')
  expect(document.documentElement?.localName).toBe('svg')
  expect(document.documentElement?.namespaceURI).toBe('http://www.w3.org/2000/svg')
  return document
}

const all = (node: Document | Element, name: string): Element[] => Array.from(node.getElementsByTagName(name))
const num = (element: Element, name: string) => Number(element.getAttribute(name) ?? 0)
const hidden = (element: Element): boolean =>
  element.getAttribute('aria-hidden') === 'true' ||
  (element.parentNode?.nodeType === 1 && hidden(element.parentNode as Element))

interface Drawn {
  width: number
  height: number
  name: string
  /** The two coloured parts, left to right (one when there is no label). */
  boxes: { x: number; width: number; fill: string }[]
  /** The texts a reader sees (not the shadows), with where they start and end in the picture's units. */
  texts: { text: string; left: number; right: number }[]
  /** The symbol's picture (a data: URI) and its place. */
  symbol: { href: string; left: number; right: number } | null
}

/** What a badge shows and where: texts are drawn at ten times the size and scaled by .1 (shields' renderer). */
function drawn(text: string): Drawn {
  const document = parseSvg(text)
  const root = document.documentElement as Element
  const title = all(document, 'title')[0]?.textContent ?? ''
  expect(root.getAttribute('role')).toBe('img')
  expect(root.getAttribute('aria-label')).toBe(title)
  const boxes = all(document, 'rect')
    .filter((rect) => (rect.parentNode as Element).localName !== 'clipPath')
    .filter((rect) => !String(rect.getAttribute('fill')).startsWith('url(') && num(rect, 'width') > 0)
    .map((rect) => ({ x: num(rect, 'x'), width: num(rect, 'width'), fill: String(rect.getAttribute('fill')) }))
  const texts = all(document, 'text')
    .filter((element) => !hidden(element))
    .map((element) => {
      const centre = num(element, 'x') / 10
      const length = num(element, 'textLength') / 10
      return { text: element.textContent ?? '', left: centre - length / 2, right: centre + length / 2 }
    })
  const image = all(document, 'image')[0]
  const symbol = image
    ? { href: String(image.getAttribute('href')), left: num(image, 'x'), right: num(image, 'x') + num(image, 'width') }
    : null
  return { width: num(root, 'width'), height: num(root, 'height'), name: title, boxes, texts, symbol }
}

/** Every text inside its own box with room to spare, the boxes side by side filling the picture, the symbol apart. */
function expectNoOverflow(badge: Drawn) {
  expect(badge.boxes.reduce((sum, box) => sum + box.width, 0)).toBe(badge.width)
  for (const text of badge.texts) {
    const box = badge.boxes.find((b) => b.x <= text.left && text.right <= b.x + b.width)
    expect(box, `"${text.text}" (${text.left}–${text.right}) in a box of ${JSON.stringify(badge.boxes)}`).toBeDefined()
    expect(text.left - box!.x).toBeGreaterThanOrEqual(3)
    expect(box!.x + box!.width - text.right).toBeGreaterThanOrEqual(3)
    if (badge.symbol) expect(badge.symbol.right <= text.left || badge.symbol.left >= text.right).toBe(true)
  }
}

/** A badge's message as the page writes a percentage: floored to 2 decimals (src/site/uptime-bars.ts). */
const percent = (value: number) => {
  const floored = Math.floor(value * 100) / 100
  return `${Number.isInteger(floored) ? floored : floored.toFixed(2)}%`
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  admin = await createUser('admin')
  const p = await payload()
  vi.setSystemTime(t('2026-02-01T00:00:00.000Z'))
  const group = (name: string, displayOrder: number) =>
    p.create({ collection: 'service-groups', data: { name, displayOrder }, overrideAccess: true })
  ids.core = (await group('Core', 1)).id
  ids.edge = (await group('Edge', 2)).id
  const created = t('2026-03-01T00:00:00.000Z')
  ids.api = await createServiceAt(created, { name: 'API', group: ids.core, displayOrder: 1 })
  // Web only since this morning: observed for 6 hours where the others were for 9.5 days.
  ids.web = await createServiceAt(t('2026-03-10T06:00:00.000Z'), { name: 'Web', group: ids.core, displayOrder: 2 })
  ids.cdn = await createServiceAt(created, { name: 'CDN', group: ids.edge })
  // API on 9 March: 2 h partial, 30 min major; CDN today: 1 h major.
  await setStatusAt(ids.api, 'partial', t('2026-03-09T02:00:00.000Z'))
  await setStatusAt(ids.api, 'major', t('2026-03-09T04:00:00.000Z'))
  await setStatusAt(ids.api, 'operational', t('2026-03-09T04:30:00.000Z'))
  await setStatusAt(ids.cdn, 'major', t('2026-03-10T08:00:00.000Z'))
  await setStatusAt(ids.cdn, 'operational', t('2026-03-10T09:00:00.000Z'))

  const incident = async (title: string, services: number[], resolved = false) => {
    const updates = [{ status: 'investigating', message: 'Looking' }]
    if (resolved) updates.push({ status: 'resolved', message: 'Fixed' })
    const made = await api('POST', '/incidents', {
      key: admin.key,
      body: { title, affectedServices: services, updates },
    })
    expect(made.status, made.text).toBe(201)
  }
  vi.setSystemTime(t('2026-03-10T08:30:00.000Z'))
  await incident('Slow API', [ids.api])
  await incident('Web errors', [ids.web])
  await incident('CDN misses', [ids.cdn], true)

  // Page B, on its own host and at /p/b/: the Edge group only.
  const page = await api('POST', '/pages', {
    key: admin.key,
    body: { name: 'Edge status', slug: 'b', hosts: [{ host: HOST_B }], sections: [{ group: ids.edge }] },
  })
  expect(page.status, page.text).toBe(201)
  vi.setSystemTime(NOW)
})

afterAll(() => {
  vi.useRealTimers()
})

describe('a status badge', () => {
  it('is an SVG picture with role="img", a <title> and an aria-label saying label and message, cached like the pages', async () => {
    const answer = await badge('/badge/status.svg')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(answer.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=10, stale-while-revalidate=30, stale-if-error=86400',
    )
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; img-src data:")
    const page = drawn(answer.text)
    expect(page.name).toBe('status: Operational')
    expect(page.texts.map((text) => text.text)).toEqual(['status', 'Operational'])
    expectNoOverflow(page)

    expect(drawn((await badge('/badge/service/api/status.svg')).text).name).toBe('API: Operational')
    expect(drawn((await badge('/badge/group/core/status.svg')).text).name).toBe('Core: Operational')

    const etag = answer.headers.get('etag')!
    const again = await badge('/badge/status.svg', { ...onA, 'if-none-match': etag })
    expect(again).toMatchObject({ status: 304, text: '' })
    expect(again.headers.get('etag')).toBe(etag)
  })

  it('gives each status its own colour, word and symbol, and the page and the group their worst', async () => {
    const seen = new Map<string, Drawn>()
    for (const status of ['operational', 'maintenance', 'degraded', 'partial', 'major'] as const) {
      await setStatusAt(ids.web, status, NOW)
      const web = drawn((await badge('/badge/service/web/status.svg')).text)
      seen.set(status, web)
      expect(web.name).toBe(`Web: ${serviceStatusLabel(translator('en'), status)}`)
      expect(web.boxes.map((box) => box.fill)).toEqual(['#555', COLOUR[status]])
      expect(web.symbol?.href).toMatch(/^data:image\/svg\+xml;base64,/)
      // The symbol is a picture of its own: valid SVG, drawn in white.
      const symbol = parseSvg(Buffer.from(web.symbol!.href.split(',')[1], 'base64').toString('utf8'))
      expect(all(symbol, 'path').length + all(symbol, 'rect').length).toBeGreaterThan(0)
      expectNoOverflow(web)
      expect(drawn((await badge('/badge/group/core/status.svg')).text).boxes[1].fill).toBe(COLOUR[status])
      expect(drawn((await badge('/badge/status.svg')).text).boxes[1].fill).toBe(COLOUR[status])
    }
    const each = [...seen.values()]
    expect(new Set(each.map((b) => b.boxes[1].fill)).size).toBe(5)
    expect(new Set(each.map((b) => b.symbol!.href)).size).toBe(5)
    expect(new Set(each.map((b) => b.texts[1].text)).size).toBe(5)
    await setStatusAt(ids.web, 'operational', NOW)
  })

  it('measures its texts from the font: a 40-character label fits in every style, wide letters taking more room', async () => {
    const widths: Record<string, number> = {}
    for (const style of ['flat', 'flat-square', 'for-the-badge']) {
      for (const [name, label] of [
        ['wide', 'W'.repeat(40)],
        ['narrow', 'i'.repeat(40)],
        ['mixed', 'Zahlungsdienst-Verfügbarkeit (30 Tage) ok'.slice(0, 40)],
        ['japanese', '決済サービスの稼働率'.repeat(4)],
        ['arabic', [...'نسبة التشغيل لخدمة الدفع الإلكترونية عبر البطاقات'].slice(0, 40).join('')],
      ]) {
        expect([...label]).toHaveLength(40)
        const answer = await badge(`/badge/service/web/status.svg?style=${style}&label=${encodeURIComponent(label)}`)
        expect(answer.status).toBe(200)
        const shown = drawn(answer.text)
        expect(shown.height).toBe(style === 'for-the-badge' ? 28 : 20)
        expect(shown.texts[0].text).toBe(style === 'for-the-badge' ? label.toUpperCase() : label)
        expectNoOverflow(shown)
        widths[`${style} ${name}`] = shown.texts[0].right - shown.texts[0].left
      }
    }
    // Verdana at 11 px: a W is 10.88 px wide, an i 3.02 px.
    expect(widths['flat wide']).toBeGreaterThanOrEqual(435)
    expect(widths['flat narrow']).toBeLessThan(125)
    expect(widths['flat-square wide']).toBe(widths['flat wide'])
  })

  it('tells the uptime over 1, 7, 30 and 90 days as GET /api/v1/uptime does, a group and the page for their services together', async () => {
    /**
     * A group or the page: the services' down and observed seconds added up (the rule of the uptime bars), so Web's
     * six hours weigh little beside the others' 9.5 days. Down: API 1,800 + 0.3 × 7,200 = 3,960 s (9 March), CDN
     * 3,600 s (today). Observed: 1 day, API and CDN 43,200 s, Web 21,600; 7 days, 561,600 and 21,600; 30 and 90 days,
     * 820,800 and 21,600. Core 7 days: 1 − 3,960 ÷ 583,200; the page: 1 − 7,560 ÷ 1,144,800.
     */
    const together: Record<number, [string, string]> = {
      1: ['100%', '96.66%'],
      7: ['99.32%', '99.33%'],
      30: ['99.52%', '99.54%'],
      90: ['99.52%', '99.54%'],
    }
    for (const days of [1, 7, 30, 90]) {
      const { body } = await v1(`/uptime?days=${days}`, { headers: onA })
      const of = (slug: string) => body.data.find((s: { slug: string }) => s.slug === slug).uptimePercent as number
      for (const slug of ['api', 'web', 'cdn']) {
        const shown = drawn((await badge(`/badge/service/${slug}/uptime/${days}d.svg`)).text)
        const name = { api: 'API', web: 'Web', cdn: 'CDN' }[slug]
        expect(shown.name).toBe(`${name}: uptime (${days === 1 ? '1 day' : `${days} days`}): ${percent(of(slug))}`)
        expectNoOverflow(shown)
      }
      const [core, page] = together[days]
      expect(drawn((await badge(`/badge/group/core/uptime/${days}d.svg`)).text).texts[1].text).toBe(core)
      expect(drawn((await badge(`/badge/uptime/${days}d.svg`)).text).texts.map((text) => text.text)).toEqual([
        `uptime (${days === 1 ? '1 day' : `${days} days`})`,
        page,
      ])
    }
    // The figures: CDN's hour of major outage in today's 12 hours; API's 30 min major and 2 h partial in 9.5 days.
    expect(drawn((await badge('/badge/service/cdn/uptime/1d.svg')).text).texts[1].text).toBe('91.66%')
    expect(drawn((await badge('/badge/service/api/uptime/30d.svg')).text).texts[1].text).toBe('99.51%')
    // Coloured by how good: 100 %, at least 99.9 %, at least 99 %, at least 95 %, below.
    const fill = async (path: string) => drawn((await badge(path)).text).boxes[1].fill
    expect(await fill('/badge/service/web/uptime/90d.svg')).toBe(COLOUR.operational)
    expect(await fill('/badge/service/api/uptime/30d.svg')).toBe(COLOUR.degraded)
    expect(await fill('/badge/uptime/1d.svg')).toBe(COLOUR.partial)
    expect(await fill('/badge/service/cdn/uptime/1d.svg')).toBe(COLOUR.major)
    // Downtime in the window: the figure moves with the clock, and the cached badge expires at the next minute.
    const moving = await badge('/badge/uptime/30d.svg')
    expect(moving.headers.get('x-statuspage-expires')).toBe(String(NOW.getTime() + 60_000))
  })

  it('counts the open incidents as /api/v1/incidents?status=active does, for the page, a group and a service', async () => {
    const total = async (query: string) =>
      Number((await v1(`/incidents?status=active${query}`, { headers: onA })).headers.get('x-total-count'))
    const message = async (path: string) => drawn((await badge(path)).text).texts[1].text
    expect(await total('')).toBe(2)
    expect(await message('/badge/incidents.svg')).toBe('2 open')
    expect(drawn((await badge('/badge/incidents.svg')).text).boxes[1].fill).toBe(COLOUR.partial)
    expect(await message('/badge/group/core/incidents.svg')).toBe('2 open')
    expect(await message('/badge/group/edge/incidents.svg')).toBe('none open')
    for (const slug of ['api', 'web', 'cdn']) {
      const open = await total(`&service=${slug}`)
      expect(await message(`/badge/service/${slug}/incidents.svg`)).toBe(open ? `${open} open` : 'none open')
    }
    expect(drawn((await badge('/badge/service/cdn/incidents.svg')).text).boxes[1].fill).toBe(COLOUR.operational)
    expect(drawn((await badge('/badge/service/api/incidents.svg')).text).name).toBe('API: incidents: 1 open')
  })

  it("belongs to a page: B's badges by its host and at /p/b/ tell of B's services only", async () => {
    for (const headers of [onB, viaPath('b')]) {
      expect(drawn((await badge('/badge/status.svg', headers)).text).name).toBe('status: Operational')
      expect(drawn((await badge('/badge/incidents.svg', headers)).text).texts[1].text).toBe('none open')
      expect(drawn((await badge('/badge/uptime/1d.svg', headers)).text).texts[1].text).toBe('91.66%')
      expect(drawn((await badge('/badge/group/edge/status.svg', headers)).text).name).toBe('Edge: Operational')
      expect((await badge('/badge/service/api/status.svg', headers)).status).toBe(404)
      expect((await badge('/badge/group/core/uptime/7d.svg', headers)).status).toBe(404)
    }
    // An incident on API makes the default page's badge worse, never B's.
    await setStatusAt(ids.api, 'major', NOW)
    expect(drawn((await badge('/badge/status.svg', onA)).text).texts[1].text).toBe('Major outage')
    expect(drawn((await badge('/badge/status.svg', onB)).text).texts[1].text).toBe('Operational')
    await setStatusAt(ids.api, 'operational', NOW)
    expect((await badge('/badge/status.svg', viaPath('no-such-page'))).status).toBe(404)
  })

  it('changes with ?label= and ?style=, an empty label leaving only the message', async () => {
    const plain = drawn((await badge('/badge/service/api/status.svg')).text)
    const labelled = drawn((await badge('/badge/service/api/status.svg?label=Payments%20API')).text)
    expect(labelled.name).toBe('Payments API: Operational')
    expect(labelled.width).toBeGreaterThan(plain.width)
    const bare = drawn((await badge('/badge/incidents.svg?label=')).text)
    expect(bare.texts.map((text) => text.text)).toEqual(['2 open'])
    expect(bare.boxes).toHaveLength(1)
    expectNoOverflow(bare)
    const square = await badge('/badge/status.svg?style=flat-square')
    expect(square.text).not.toContain('rx=')
    expect((await badge('/badge/status.svg?style=flat')).text).toContain('rx="3"')
    // Drawn in capitals, named as written.
    const loud = drawn((await badge('/badge/status.svg?style=for-the-badge')).text)
    expect(loud.texts.map((text) => text.text)).toEqual(['STATUS', 'OPERATIONAL'])
    expect(loud.name).toBe('status: Operational')
    expect(drawn((await badge('/badge/status.svg?style=for-the-badge&label=')).text).name).toBe('Operational')
    const odd = await badge(`/badge/status.svg?style=for-the-badge&label=${encodeURIComponent('a$&b "c" <d>')}`)
    expect(drawn(odd.text).name).toBe('a$&b "c" <d>: Operational')
    // Spaces around a label are no part of it, in the picture and the JSON alike.
    expect(drawn((await badge('/badge/status.svg?label=%20Mine%20')).text).name).toBe('Mine: Operational')
    expect(JSON.parse((await badge('/badge/status.json?label=%20Mine%20')).text).label).toBe('Mine')
    // A control character cannot be in XML: it is left out, and the picture stays valid.
    expect(drawn((await badge('/badge/status.svg?label=a%01b%3Cc%3E')).text).texts[0].text).toBe('ab<c>')
  })

  it('speaks the language of its address', async () => {
    const de = translator('de')
    const shown = drawn((await badge('/badge/service/api/status.svg', { ...onA, [LOCALE_HEADER]: 'de' })).text)
    expect(shown.name).toBe(`API: ${de('site.status.service.operational')}`)
    const page = drawn((await badge('/badge/uptime/7d.svg', { ...onA, [LOCALE_HEADER]: 'de' })).text)
    expect(page.texts[0].text).toBe('Verfügbarkeit (7 Tage)')
    expect(page.texts[1].text).toMatch(/^99,33\s?%$/)
    const json = JSON.parse((await badge('/badge/incidents.json', { ...onA, [LOCALE_HEADER]: 'ja' })).text)
    expect(json).toMatchObject({ label: '障害', message: '対応中 2 件' })
  })
})

describe('what a badge cannot draw', () => {
  it('is a 404 picture saying so for a service, a group or a badge the page does not have, a problem as JSON', async () => {
    for (const [path, says] of [
      ['/badge/service/nothing/status.svg', 'status: no such service'],
      ['/badge/group/nothing/uptime/30d.svg', 'uptime (30 days): no such group'],
      ['/badge/service/nothing/incidents.svg', 'incidents: no such service'],
      ['/badge/nope.svg', 'badge: no such badge'],
      ['/badge/uptime/14d.svg', 'badge: no such badge'],
      ['/badge/service/api/uptime.svg', 'badge: no such badge'],
      ['/badge/page/api/status.svg', 'badge: no such badge'],
    ]) {
      const answer = await badge(path)
      expect(answer.status, path).toBe(404)
      expect(answer.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
      expect(answer.headers.get('cache-control')).toBe('no-store')
      const shown = drawn(answer.text)
      expect(shown.name, path).toBe(says)
      expect(shown.boxes[1].fill).toBe(COLOUR.none)
      expectNoOverflow(shown)
    }
    const json = await badge('/badge/service/nothing/status.json')
    expect(json.status).toBe(404)
    expect(json.headers.get('content-type')).toBe('application/problem+json')
    expect(JSON.parse(json.text)).toMatchObject({ status: 404, detail: 'no such service' })
  })

  it('is a 400 naming each bad parameter: a picture, or a problem with its invalid-params', async () => {
    const svg = await badge('/badge/status.svg?style=plastic')
    expect(svg.status).toBe(400)
    expect(svg.headers.get('cache-control')).toBe('no-store')
    expect(drawn(svg.text).name).toBe('status: invalid style')
    const long = await badge(`/badge/service/api/status.svg?label=${'x'.repeat(65)}`)
    expect(long.status).toBe(400)
    expect(drawn(long.text).name).toBe('status: invalid label')
    expect((await badge(`/badge/service/api/status.svg?label=${'x'.repeat(64)}`)).status).toBe(200)

    const json = await badge(`/badge/uptime/30d.json?style=round&label=${'y'.repeat(80)}`)
    expect(json.status).toBe(400)
    expect(json.headers.get('content-type')).toBe('application/problem+json')
    const problem = JSON.parse(json.text)
    expect(problem['invalid-params'].map((p: { name: string }) => p.name)).toEqual(['label', 'style'])
    expect(problem.detail).toContain('label, style')
  })
})

/**
 * shields.io's endpoint schema (badges/shields, services/endpoint-common.js, `endpointSchema`), as JSON Schema:
 * nothing else may be in the object, and `namedLogo` and `logoSvg` not both.
 */
const SHIELDS_ENDPOINT_SCHEMA = {
  type: 'object',
  required: ['schemaVersion', 'label', 'message'],
  additionalProperties: false,
  properties: {
    schemaVersion: { const: 1 },
    label: { type: 'string' },
    message: { type: 'string', minLength: 1 },
    color: { type: 'string', minLength: 1 },
    labelColor: { type: 'string', minLength: 1 },
    isError: { type: 'boolean' },
    namedLogo: { type: 'string', minLength: 1 },
    logoSvg: { type: 'string', minLength: 1 },
    logoColor: { type: 'string', minLength: 1 },
    logoWidth: { type: 'number' },
    style: { type: 'string', minLength: 1 },
    cacheSeconds: { type: 'integer', minimum: 0 },
  },
  not: { required: ['namedLogo', 'logoSvg'] },
}

describe("a badge's shields.io endpoint JSON", () => {
  const validate = new Ajv({ allErrors: true }).compile(SHIELDS_ENDPOINT_SCHEMA)

  it("fits shields.io's endpoint schema and says what the SVG says, for every badge of the page, a group and a service", async () => {
    const subjects = ['', 'group/core/', 'service/api/', 'service/cdn/']
    const metrics = ['status', 'incidents', 'uptime/1d', 'uptime/7d', 'uptime/30d', 'uptime/90d']
    for (const subject of subjects)
      for (const metric of metrics)
        for (const query of ['', '?style=for-the-badge&label=Mine']) {
          const path = `/badge/${subject}${metric}`
          const answer = await badge(`${path}.json${query}`)
          expect(answer.status, path).toBe(200)
          expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')
          expect(answer.headers.get('access-control-allow-origin')).toBe('*')
          expect(answer.headers.get('etag')).toBeTruthy()
          const body = JSON.parse(answer.text)
          expect(validate(body), `${path}: ${JSON.stringify(validate.errors)}`).toBe(true)
          const picture = drawn((await badge(`${path}.svg${query.replace('for-the-badge', 'flat')}`)).text)
          expect(body.schemaVersion).toBe(1)
          expect([body.label, body.message]).toEqual(picture.texts.map((text) => text.text))
          expect(body.color).toBe(picture.boxes[1].fill)
          expect(body.style).toBe(query ? 'for-the-badge' : undefined)
          // The status's symbol goes along, for shields to draw beside the label.
          if (metric === 'status') expect(parseSvg(body.logoSvg).documentElement?.localName).toBe('svg')
          else expect(body.logoSvg).toBeUndefined()
        }
  })
})
