/**
 * The public site looked at in Chromium, against the built server, on one site written through the CMS API
 * (tests/helpers/looked-at-site.ts): every page passes axe-core (serious and critical) and fits a phone's width, in
 * light and dark at 1280 and 360 px, and is screenshot to test-results/screenshots/; the same in other languages; and
 * what other sites embed. SQLite only: the markup does not depend on the database. One server and one seed for the
 * three, each in a describe of its own (the widget's last: it adds pages of its own).
 */
import { request } from 'node:http'
import path from 'node:path'

import { type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { seriousViolations } from '../helpers/browser'
import { type HostSite, startHostSite } from '../helpers/host-site'
import { type LookedAtSite, startLookedAtSite } from '../helpers/looked-at-site'
import { call } from '../helpers/service'
import { shots, type Site } from '../helpers/site'

/** Where the documentation's screenshots are (docs/api.md, docs/languages.md and docs/widget.md show these). */
const docsShots = path.join(process.cwd(), 'docs', 'screenshots')

let looked: LookedAtSite
let site: Site
let pages: LookedAtSite['pages']
let written: LookedAtSite['written']

beforeAll(async () => {
  looked = await startLookedAtSite('site-look')
  ;({ site, pages, written } = looked)
})

afterAll(() => site?.close())

describe('the public site, looked at', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      it(`has no serious or critical axe-core violations on any page, ${scheme} at ${width} px, and is screenshot`, async () => {
        const { context, page } = await site.newPage({ scheme, width })
        for (const [name, pathname] of pages) {
          await page.goto(`${site.server.base}${pathname}`)
          await page.screenshot({ path: path.join(shots, `${name}-${scheme}-${width}.png`), fullPage: true })
          if (name === 'service' && scheme === 'light' && width === 1280)
            await page.screenshot({ path: path.join(docsShots, 'service-feeds-light-1280.png'), fullPage: true })
          // No horizontal scrolling at phone width.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
          expect(await seriousViolations(page, `${name} ${scheme} ${width}`)).toEqual([])
        }
        await context.close()
      })
    }
  }

  it("shows the metric's chart under its service, its table's numbers those pushed, and is screenshot", async () => {
    const { metricPoints } = looked
    const { context, page } = await site.newPage({ scheme: 'light', width: 1280 })
    await page.goto(`${site.server.base}/s/public-api`)
    const chart = page.locator('figure.chart[data-metric="api-latency"][data-range="day"]')
    await expect(chart.locator('svg[role="img"] > title').textContent()).resolves.toContain('24 points')
    // The table in its <details>, reachable by keyboard: its numbers are the pushed ones, in order.
    await chart.locator('details > summary').click()
    const values = await chart.locator('td[data-value]').evaluateAll((cells) => cells.map((c) => c.textContent))
    expect(values).toEqual(metricPoints.map((p) => `${p.value.toFixed(1)} ms`))
    const raw = await chart
      .locator('td[data-value]')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-value')))
    expect(raw.map(Number)).toEqual(metricPoints.map((p) => p.value))
    expect(await seriousViolations(page, 'metric chart with its table open')).toEqual([])
    await chart.screenshot({ path: path.join(docsShots, 'metrics-chart.png') })
    await context.close()
  })
})

/**
 * In other languages (docs/languages.md): German, Japanese and Arabic (right to left) pass axe-core and fit a phone's
 * width like English, name their language (and direction) on <html>, and are screenshot; the pseudo-locale leaves no
 * text of the templates in plain English, and no page wider than the phone. The site: tests/helpers/looked-at-site.ts.
 */
describe('the public site in other languages', () => {
  for (const locale of ['de', 'ja', 'ar'])
    for (const width of [1280, 360])
      it(`${locale} at ${width} px: names its language, passes axe-core, fits the width, and is screenshot`, async () => {
        const { context, page } = await site.newPage({ scheme: 'light', width })
        for (const [name, pathname] of pages) {
          await page.goto(`${site.server.base}/${locale}${pathname}`)
          expect(await page.getAttribute('html', 'lang'), `${locale} ${name}`).toBe(locale)
          expect(await page.getAttribute('html', 'dir'), `${locale} ${name}`).toBe(locale === 'ar' ? 'rtl' : null)
          await page.screenshot({ path: path.join(shots, `${name}-${locale}-${width}.png`), fullPage: true })
          if (name === 'home')
            await page.screenshot({
              path: path.join(docsShots, `home-${locale}-${width}.png`),
              fullPage: width === 360,
            })
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
            `${locale} ${name}`,
          ).toBeLessThanOrEqual(width)
          expect(await seriousViolations(page, `${name} ${locale} ${width}`)).toEqual([])
        }
        await context.close()
      })

  it('answers a language by its prefix only: an unknown prefix is a 404, a header a client sends changes nothing', async () => {
    const base = site.server.base
    const german = await call(`${base}/de/history`)
    expect(german.status).toBe(200)
    expect(german.text).toContain('<html lang="de"')
    expect((await call(`${base}/xx/history`)).status).toBe(404)
    // The edge says the language to Next; whatever a client claims under that name is dropped.
    const claimed = await call(`${base}/history`, { headers: { 'x-statuspage-locale': 'de' } })
    expect(claimed.status).toBe(200)
    expect(claimed.text).toContain('<html lang="en"')
  })

  it("suggests the browser's language on the default address, remembers a choice, and never changes what a URL returns", async () => {
    const { context, page } = await site.newPage({ locale: 'de-DE' })
    const response = await page.goto(`${site.server.base}/`)
    const suggestion = page.locator('p.suggest a')
    expect(await suggestion.innerText()).toBe('Diese Seite auf Deutsch lesen')
    expect(await suggestion.getAttribute('href')).toBe(`${site.server.base}/de/`)
    expect(await page.getAttribute('html', 'lang')).toBe('en')
    // The same bytes for every reader: the suggestion is the script's, not the server's. (Read back to back: the
    // page itself moves with the clock, its uptime bars every minute.)
    expect(await response!.text()).not.toContain('class="suggest')
    const asked = { cookie: 'lang=de', 'accept-language': 'de-DE,de;q=0.9' }
    const [plain, german] = [await call(`${site.server.base}/`), await call(`${site.server.base}/`, { headers: asked })]
    expect(german.text).toBe(plain.text)
    expect(plain.text).toContain('<html lang="en"')
    // On a language's own address nothing is suggested.
    await page.goto(`${site.server.base}/de/`)
    expect(await page.locator('p.suggest').count()).toBe(0)
    // Choosing English in the switcher is remembered: the default address suggests nothing any more.
    await page.locator('nav.languages a[hreflang="en"]').click()
    await page.waitForURL(`${site.server.base}/`)
    expect(await page.locator('p.suggest').count()).toBe(0)
    expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('en')
    await context.close()
  })

  it('leaves no text of the templates untranslated: the pseudo-locale shows none in plain English, at 360 px', async () => {
    const { context, page } = await site.newPage({ scheme: 'light', width: 360 })
    for (const [name, pathname] of pages) {
      await page.goto(`${site.server.base}/en-xa${pathname}`)
      await page.screenshot({ path: path.join(shots, `${name}-pseudo-360.png`), fullPage: true })
      // What sticks out, if anything: the failure names it.
      const wider = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > 360.5)
          .slice(0, 5)
          .map(
            (element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 60)}`,
          )
          .concat(
            [...document.querySelectorAll('header.site .wrap, header.site .wrap > *')].map(
              (e) =>
                `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().left)}-${Math.round(e.getBoundingClientRect().right)}`,
            ),
          ),
      )
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${name}: ${wider.join(' | ')}`,
      ).toBeLessThanOrEqual(360)
      // The page's visible text, times aside (the browser's Intl writes them, in its own words).
      const text = await page.evaluate(() => {
        const skip = (node: Node | null): boolean =>
          !!node?.parentElement?.closest('time, [data-local], script, style, [hidden], .visually-hidden')
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
        const parts: string[] = []
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          if (!skip(node)) parts.push(node.textContent!)
        return parts.join('\n')
      })
      const left = written
        .slice()
        .sort((a, b) => b.length - a.length)
        .reduce((rest, words) => rest.split(words).join(' '), text)
      // Two plain English words in a row: every letter of a catalogue's text is accented in the pseudo-locale.
      const plain = left.match(/\b[A-Za-z]{2,}(?:[ ,.:'’-]+[A-Za-z]{2,})+\b/g) ?? []
      expect(plain, `${name} (${pathname}) in plain English`).toEqual([])
    }
    await context.close()
  })
})

/**
 * What other sites embed (docs/widget.md), on a page of another site (127.0.0.2) whose policy allows the service's
 * origin for scripts, requests and frames and nothing else: no inline script or style, no eval. Page `shop` shows a
 * service of its own, so what the seed left on the default page does not count. The widget's minute passes on
 * Playwright's clock, paused from the start: the widget reads when the test moves the clock, never after a sleep.
 */
describe('embedded in another site', () => {
  const START = Date.parse('2030-01-07T09:00:00.000Z')
  /**
   * Where the clock stops: far enough after START that no page, however slowly it loads, has reached it (Playwright
   * installs the clock on each new document from START, as time passed since, then pauses it here).
   */
  const PAUSED = START + 3_600_000
  const SUMMARY = '/api/v2/summary.json'
  const WIDGET = 'statuspage-widget-host'
  let host: HostSite
  let shopId: number
  let checkout: number
  let incidentShortId: string

  const policy = () =>
    [
      "default-src 'none'",
      `script-src ${site.server.base}`,
      `connect-src ${site.server.base}`,
      `frame-src ${site.server.base}`,
      "style-src 'none'",
      "img-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; ')
  const hostPage = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><title>Acme app</title></head>
<body><h1>Acme app</h1><p><a href="/elsewhere">A link of the host page</a></p>
<p>The application's own content.</p>${body}</body></html>`
  const widget = (page: string, attributes = '') =>
    hostPage(`<script src="${site.server.base}/p/${page}/embed.js" async${attributes}></script>`)

  beforeAll(async () => {
    host = await startHostSite()
    const group = await site.write('POST', '/api/service-groups', site.editor, { name: 'Shop' })
    const service = { name: 'Checkout', group: group.doc.id, status: 'operational' }
    checkout = (await site.write('POST', '/api/services', site.editor, service)).doc.id
    const shop = { name: 'Acme Shop', slug: 'shop', sections: [{ group: group.doc.id }] }
    shopId = (await site.write('POST', '/api/pages', site.admin, shop)).doc.id
    await site.write('POST', '/api/pages', site.admin, {
      name: 'Acme staff',
      slug: 'staff',
      access: { mode: 'private', passwords: [{ label: 'Staff', password: 'employees-only-2026' }] },
    })
    host.serve('/app', widget('shop'), policy())
    host.serve('/app-dark', widget('shop', ' data-theme="dark"'), policy())
    host.serve('/app-pill', widget('shop', ' data-pill data-position="top-right"'), policy())
    host.serve('/app-de', widget('shop/de', ' data-pill'), policy())
    host.serve('/intranet', widget('staff'), policy())
    const frame = `<iframe src="${site.server.base}/p/shop/embed" title="Acme Shop status" width="520" height="460"></iframe>`
    host.serve('/frame', hostPage(frame), policy())
  })

  afterAll(() => host?.close())

  /**
   * A page of the host site on a clock paused at PAUSED (`paused: false`: the real one), with what the browser
   * says about it; in a new context (a new visitor), or in `visitor`'s.
   */
  async function open(
    pathname: string,
    {
      scheme = 'light',
      visitor,
      paused = true,
    }: { scheme?: 'light' | 'dark'; visitor?: BrowserContext; paused?: boolean } = {},
  ) {
    const context = visitor ?? (await site.newPage({ scheme, width: 900 })).context
    const page = visitor ? await visitor.newPage() : context.pages()[0]
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`${message.type()}: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
    // Watched, not replaced: each read of a summary at its time on the page's clock, and each policy violation.
    await page.addInitScript((summary) => {
      const seen = window as unknown as { reads: number[]; violations: string[] }
      seen.reads = []
      seen.violations = []
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.violations.push(`${event.violatedDirective} ${event.blockedURI}`),
      )
      const fetch = window.fetch
      window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
        if (String(input).includes(summary)) seen.reads.push(Date.now())
        return fetch.call(this, input, init)
      }
    }, SUMMARY)
    if (paused) {
      await page.clock.install({ time: START })
      await page.clock.pauseAt(PAUSED)
    }
    await page.goto(`${host.origin}${pathname}`)
    return { context, page, problems }
  }

  const reads = (page: Page) => page.evaluate(() => (window as unknown as { reads: number[] }).reads)
  const violations = (page: Page) => page.evaluate(() => (window as unknown as { violations: string[] }).violations)
  const widgetBox = (page: Page) => page.locator(`${WIDGET} .box`)
  const banner = (page: Page) => page.locator(`${WIDGET} .banner`)

  /** Moves the page's clock on; when that makes the widget read, waits until the answer has arrived. */
  async function tick(page: Page, ms: number, read: boolean): Promise<void> {
    const answered = read ? page.waitForEvent('requestfinished', (r) => r.url().includes(SUMMARY)) : null
    await page.clock.runFor(ms)
    await answered
  }

  /** The widget's first read, once its script has run. */
  async function firstRead(page: Page): Promise<void> {
    await page.locator(WIDGET).waitFor({ state: 'attached' })
    await tick(page, 1, true)
  }

  /** Headless Chromium keeps every tab visible: the page is told it is hidden as a browser tells it. */
  const setHidden = (page: Page, hidden: boolean) =>
    page.evaluate((hide) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => hide })
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => (hide ? 'hidden' : 'visible'),
      })
      document.dispatchEvent(new Event('visibilitychange'))
    }, hidden)

  it('serves one script under 10 KB gzipped, from the response cache, revalidated by its ETag', async () => {
    const url = `${site.server.base}/p/shop/embed.js`
    const gzipped = await new Promise<{ headers: Record<string, unknown>; bytes: number }>((resolve, reject) => {
      request(url, { headers: { 'accept-encoding': 'gzip' }, agent: false }, (res) => {
        let bytes = 0
        res.on('data', (chunk: Buffer) => (bytes += chunk.length))
        res.on('end', () => resolve({ headers: res.headers, bytes }))
        res.on('error', reject)
      })
        .on('error', reject)
        .end()
    })
    expect(gzipped.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gzipped.bytes).toBeGreaterThan(1000)
    expect(gzipped.bytes).toBeLessThan(10 * 1024)
    const again = await call(url)
    expect(again.headers['x-cache']).toBe('HIT')
    const etag = String(again.headers.etag)
    expect((await call(url, { headers: { 'if-none-match': etag } })).status).toBe(304)
  })

  it('shows nothing while all is well (or the pill it is asked for), then names the incident a minute later; reads once a minute, only while visible', async () => {
    const pill = await open('/app-pill')
    await firstRead(pill.page)
    const link = pill.page.locator(`${WIDGET} a.pill`)
    await expect.poll(() => link.count()).toBe(1)
    expect(await link.textContent()).toBe('All systems operational (opens in a new tab)')
    expect(await link.getAttribute('href')).toBe(`${site.server.base}/p/shop/`)
    await pill.context.close()
    // In German, from /p/shop/de/embed.js: its words, and the page's address in German.
    const german = await open('/app-de')
    await firstRead(german.page)
    const pillDe = german.page.locator(`${WIDGET} a.pill`)
    await expect.poll(() => pillDe.count()).toBe(1)
    expect(await pillDe.textContent()).toBe('Alle Systeme betriebsbereit (öffnet in einem neuen Tab)')
    expect(await pillDe.getAttribute('href')).toBe(`${site.server.base}/p/shop/de/`)
    expect(german.problems).toEqual([])
    await german.context.close()

    const { context, page, problems } = await open('/app')
    await firstRead(page)
    expect(await reads(page)).toEqual([PAUSED])
    // The live region is in place and empty: nothing shown, no room taken.
    expect(
      await widgetBox(page).evaluate((box) => [
        box.getAttribute('role'),
        box.getAttribute('aria-live'),
        box.childElementCount,
        box.getBoundingClientRect().height,
      ]),
    ).toEqual(['status', 'polite', 0, 0])

    const incident = await site.write('POST', '/api/incidents', site.editor, {
      title: 'Checkout is failing',
      affectedServices: [checkout],
      updates: [{ status: 'investigating', message: 'Card payments fail.' }],
    })
    await site.write('PATCH', `/api/services/${checkout}`, site.editor, { status: 'partial' })
    await tick(page, 59_000, false)
    expect(await reads(page)).toHaveLength(1)
    await tick(page, 1_000, true)
    expect(await reads(page)).toEqual([PAUSED, PAUSED + 60_000])
    await expect.poll(() => banner(page).count()).toBe(1)
    const name = page.locator(`${WIDGET} a.name`)
    expect(await name.textContent()).toBe('Checkout is failing (opens in a new tab)')
    incidentShortId = incident.doc.shortId
    expect(await name.getAttribute('href')).toBe(`${site.server.base}/p/shop/i/${incidentShortId}`)
    expect(await banner(page).innerText()).toMatch(/Incident:\s+Checkout is failing[\s\S]*\nInvestigating/)
    await page.screenshot({ path: path.join(docsShots, 'widget-light.png') })

    // Hidden, it reads nothing however long; visible again after more than a minute, it reads at once.
    await setHidden(page, true)
    await tick(page, 10 * 60_000, false)
    expect(await reads(page)).toHaveLength(2)
    await setHidden(page, false)
    await tick(page, 1, true)
    expect(await reads(page)).toEqual([PAUSED, PAUSED + 60_000, PAUSED + 660_001])
    expect(problems).toEqual([])
    expect(await violations(page)).toEqual([])
    await context.close()
  })

  it('lets a keyboard user reach the link and dismiss the banner, which stays dismissed; light and dark', async () => {
    const dark = await open('/app-dark', { scheme: 'dark' })
    await firstRead(dark.page)
    await expect.poll(() => banner(dark.page).count()).toBe(1)
    await dark.page.screenshot({ path: path.join(docsShots, 'widget-dark.png') })
    // axe-core waits on timers of its own: the clock runs again for it.
    await dark.page.clock.resume()
    // (The widget's, not the unstyled host page's: its links are the browser's default blue on black.)
    expect(await seriousViolations(dark.page, 'widget dark', { include: [WIDGET] })).toEqual([])
    expect(dark.problems).toEqual([])
    await dark.context.close()

    const { context, page, problems } = await open('/app')
    await firstRead(page)
    await expect.poll(() => banner(page).count()).toBe(1)
    await page.clock.resume()
    expect(await seriousViolations(page, 'widget light', { include: [WIDGET] })).toEqual([])
    const focused = () =>
      page.evaluate(() => {
        const inner = document.activeElement?.shadowRoot?.activeElement
        return inner ? `${inner.tagName.toLowerCase()}.${inner.className}` : document.activeElement?.tagName
      })
    await page.keyboard.press('Tab') // the host page's own link
    await page.keyboard.press('Tab')
    expect(await focused()).toBe('a.name')
    const name = page.locator(`${WIDGET} a.name`)
    expect(await name.evaluate((a) => getComputedStyle(a).outlineStyle)).toBe('solid')
    await page.keyboard.press('Tab')
    expect(await focused()).toBe('button.close')
    expect(await page.locator(`${WIDGET} button.close`).getAttribute('aria-label')).toBe('Dismiss')
    await page.keyboard.press('Enter')
    await expect.poll(() => banner(page).count()).toBe(0)
    expect(problems).toEqual([])

    // Dismissed for this incident on this site: the same visitor's widget with a pill shows the pill, not the banner.
    const pill = await open('/app-pill', { visitor: context })
    await firstRead(pill.page)
    const link = pill.page.locator(`${WIDGET} a.pill`)
    await expect.poll(() => link.count()).toBe(1)
    expect(await link.textContent()).toBe('Partial System Outage (opens in a new tab)')
    expect(await banner(pill.page).count()).toBe(0)
    // Dismissed in English only: the German widget names it, linking to the incident's German page.
    const german = await open('/app-de', { visitor: context })
    await firstRead(german.page)
    await expect.poll(() => banner(german.page).count()).toBe(1)
    expect(await banner(german.page).innerText()).toMatch(/Störung:\s+Checkout is failing[\s\S]*\nWird untersucht/)
    const germanName = german.page.locator(`${WIDGET} a.name`)
    expect(await germanName.getAttribute('href')).toBe(`${site.server.base}/p/shop/de/i/${incidentShortId}`)
    await context.close()
  })

  it("shows nothing for a private page, asks nothing of it, and says nothing in the host page's console", async () => {
    const { context, page, problems } = await open('/intranet')
    const script = await call(`${site.server.base}/p/staff/embed.js`)
    expect(script.status).toBe(200)
    expect(script.headers['cache-control']).toBe('private, no-store')
    await page.clock.runFor(5 * 60_000)
    expect(await page.locator(WIDGET).count()).toBe(0)
    expect(await reads(page)).toEqual([])
    expect(problems).toEqual([])
    expect(await violations(page)).toEqual([])
    await context.close()
  })

  it('shows the compact view in light and dark and right to left, at a phone width, without serious axe-core violations', async () => {
    for (const [scheme, language] of [
      ['light', ''],
      ['dark', ''],
      ['light', '/ar'],
    ] as const) {
      const { context, page } = await site.newPage({ scheme, width: 360 })
      await page.goto(`${site.server.base}/p/shop${language}/embed`)
      const label = `embed ${scheme}${language}`
      await page.screenshot({ path: path.join(shots, `${label.replace(/\W+/g, '-')}-360.png`), fullPage: true })
      expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(360)
      expect(await seriousViolations(page, label)).toEqual([])
      await context.close()
    }
  })

  it('lets only the origins the page lists frame its compact view', async () => {
    const view = await call(`${site.server.base}/p/shop/embed`)
    expect(view.headers['content-security-policy']).toMatch(/; frame-ancestors 'self'$/)
    expect(view.headers['x-frame-options']).toBeUndefined()
    const refused = await open('/frame', { paused: false })
    await expect
      .poll(() => refused.problems.join('\n'))
      .toMatch(/Framing '[^']*' violates the following Content Security Policy directive: "frame-ancestors 'self'"/)
    expect(await refused.page.frameLocator('iframe').locator('#overall').count()).toBe(0)
    await refused.context.close()

    await site.write('PATCH', `/api/pages/${shopId}`, site.admin, { embeddingOrigins: [{ origin: host.origin }] })
    const listed = await call(`${site.server.base}/p/shop/embed`)
    expect(listed.headers['content-security-policy']).toMatch(new RegExp(`; frame-ancestors 'self' ${host.origin}$`))
    const allowed = await open('/frame', { paused: false })
    const frame = allowed.page.frameLocator('iframe')
    await frame.locator('#overall').waitFor()
    expect(await frame.locator('main').innerText()).toContain('Checkout is failing')
    await allowed.page.screenshot({ path: path.join(docsShots, 'embed-frame.png') })
    expect(allowed.problems).toEqual([])
    await allowed.context.close()
  })
})
