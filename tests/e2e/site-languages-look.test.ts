/**
 * In other languages (docs/languages.md): German, Japanese and Arabic (right to left) pass axe-core and fit a phone's
 * width like English, name their language (and direction) on <html>, and are screenshot; the pseudo-locale leaves no
 * text of the templates in plain English, and no page wider than the phone. The site: tests/helpers/looked-at-site.ts.
 */
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { seriousViolations } from '../helpers/browser'
import { type LookedAtSite, startLookedAtSite } from '../helpers/looked-at-site'
import { call } from '../helpers/service'
import { shots, type Site } from '../helpers/site'

/** Where the documentation's screenshots are (docs/languages.md shows these). */
const docsShots = path.join(process.cwd(), 'docs', 'screenshots')

let site: Site
let pages: LookedAtSite['pages']
let written: LookedAtSite['written']

beforeAll(async () => {
  ;({ site, pages, written } = await startLookedAtSite('site-languages-look'))
})

afterAll(() => site?.close())

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
