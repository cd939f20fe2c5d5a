/**
 * Every page of the public site passes axe-core (serious and critical) and fits a phone's width, in light and dark at
 * 1280 and 360 px, and is screenshot to test-results/screenshots/: against the built server with a site written
 * through the CMS API (groups, services in trouble, incidents active and past, maintenances in progress and to come, a
 * subscriber). SQLite only: the markup does not depend on the database.
 */
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { seriousViolations } from '../helpers/browser'
import { call } from '../helpers/service'
import { boldRichText } from '../helpers/rich-text'
import { hours, shots, type Site, startSite } from '../helpers/site'

/** Where the documentation's screenshots are (docs/languages.md and docs/api.md show these). */
const docsShots = path.join(process.cwd(), 'docs', 'screenshots')

let site: Site
const pages: [string, string][] = []
/** What the seed wrote (names, titles, messages): a person's words, which no catalogue translates. */
const written: string[] = []

/** A site with something on every page, and the links a subscriber is e-mailed. */
async function seed(): Promise<void> {
  const { server, editor, admin } = site
  const write: Site['write'] = async (method, pathname, as, body) => {
    for (const value of Object.values(body ?? {}))
      if (typeof value === 'string' && !/^\d{4}-/.test(value)) written.push(value)
    for (const update of (body as { updates?: { message: string }[] })?.updates ?? []) written.push(update.message)
    return site.write(method, pathname, as, body)
  }
  // (And the subscriber's address, masked on the unsubscribe page: its domain shows.)
  written.push('Expect brief read-only periods.', 'America/New_York', 'example.test')
  await write('POST', '/api/globals/settings', admin, {
    siteName: 'Acme Status',
    statusMessage: 'We are upgrading the database tonight.',
    timeZone: 'America/New_York',
  })
  const service = async (group: string, description: string | undefined, services: [string, string, string?][]) => {
    const created = await write('POST', '/api/service-groups', editor, { name: group, description })
    for (const [name, status, about] of services)
      await write('POST', '/api/services', editor, { name, group: created.doc.id, status, description: about })
  }
  await service('Core platform', undefined, [
    ['Public API', 'major'],
    ['Dashboard', 'operational'],
  ])
  await service('Edge network', 'Where your traffic enters', [['CDN', 'operational', 'Static files in 40 regions']])
  await service('Accounts and sign-in', undefined, [
    ['Customer authentication gateway', 'degraded'],
    ['SSO', 'operational'],
  ])
  const past = await write('POST', '/api/incidents', editor, {
    title: 'API returns errors',
    updates: [
      { status: 'investigating', message: 'We are looking into elevated error rates.', createdAt: hours(-2) },
      { status: 'identified', message: 'A bad deploy; rolling back.', createdAt: hours(-1) },
      { status: 'resolved', message: 'Error rates are back to normal.', createdAt: hours(-0.5) },
    ],
  })
  await write('POST', '/api/incidents', editor, {
    title: 'Login is slow',
    updates: [{ status: 'identified', message: 'A slow query.', createdAt: hours(-3) }],
  })
  // More than a page of history, so that /history shows its pager.
  for (let i = 0; i < 11; i++)
    await write('POST', '/api/incidents', editor, {
      title: `Old incident ${i}`,
      updates: [{ status: 'resolved', message: 'Done', createdAt: hours(-100 - i) }],
    })
  const upcoming = await write('POST', '/api/maintenances', editor, {
    title: 'Database upgrade',
    scheduledStartAt: '2031-03-10T22:00:00.000Z',
    scheduledEndAt: '2031-03-11T00:30:00.000Z',
    description: boldRichText('Expect brief read-only periods.'),
  })
  await write('POST', '/api/maintenances', editor, {
    title: 'Queue migration',
    scheduledStartAt: hours(-1),
    scheduledEndAt: hours(2),
    updates: [{ message: 'Half of the queues are moved.', createdAt: hours(-0.5) }],
  })

  const subscriber = 'visitor@example.test'
  const subscribed = await call(`${server.base}/api/subscribe`, {
    method: 'POST',
    body: { type: 'email', email: subscriber },
  })
  expect(subscribed.status, subscribed.text).toBeLessThan(300)
  const verify = await site.linkToken(subscriber, 'verify', 1)
  const verified = await call(`${server.base}/api/subscribe/verify`, { method: 'POST', body: { token: verify } })
  expect(verified.status, verified.text).toBe(200)
  const notified = await write('POST', '/api/incidents', editor, {
    title: 'Webhooks are delayed',
    updates: [{ status: 'investigating', message: 'Queue backlog.' }],
  })
  await site.finishedNotification(notified.doc.id)
  const unsubscribe = await site.linkToken(subscriber, 'unsubscribe', 2)

  pages.push(
    ['home', '/'],
    ['incident', `/i/${past.doc.shortId}`],
    ['maintenance', `/m/${upcoming.doc.shortId}`],
    // A service's page, with its own feeds under "Follow this service".
    ['service', '/s/public-api'],
    ['history', '/history'],
    ['not-found', '/i/nothing-here'],
    ['unknown-path', '/no/such/page'],
    ['subscribe', '/subscribe'],
    ['verify', `/verify/${verify}`],
    ['unsubscribe', `/unsubscribe/${unsubscribe}`],
  )
}

beforeAll(async () => {
  site = await startSite('site-look')
  await seed()
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
})

/**
 * In other languages (docs/languages.md): German, Japanese and Arabic (right to left) pass axe-core and fit a phone's
 * width like English, name their language (and direction) on <html>, and are screenshot; the pseudo-locale leaves no
 * text of the templates in plain English, and no page wider than the phone.
 */
describe('the public site in other languages', () => {
  for (const locale of ['de', 'ja', 'ar'])
    it(`${locale}: names its language, passes axe-core, fits 360 px, and is screenshot`, async () => {
      for (const width of [1280, 360]) {
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
      }
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
