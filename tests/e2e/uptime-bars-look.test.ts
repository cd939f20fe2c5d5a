/**
 * The uptime bars and the pages around them pass axe-core in light and dark at 1280 and 360 px, screenshot to
 * docs/screenshots/: against the built server in demo mode (tests/helpers/uptime-bars.ts), on SQLite only (markup
 * does not depend on the database).
 */
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { seriousViolations } from '../helpers/browser'
import { type DemoSite, shots, startDemoSite } from '../helpers/uptime-bars'

let site: DemoSite
const open: DemoSite['open'] = (pathname, options) => site.open(pathname, options)

beforeAll(async () => {
  site = await startDemoSite()
})

afterAll(() => site?.close())

describe('uptime bars', () => {
  it('has no serious or critical axe-core violations on / and /s/<slug>, light and dark, and is screenshot', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1280, 360]) {
        for (const [name, pathname] of [
          ['home', '/'],
          ['service', '/s/public-api'],
        ]) {
          const page = await open(pathname, { scheme, width })
          // A bar with its text showing, for the picture.
          // (On a phone the oldest 60 days are hidden: a visible one, else today's bar, focused.)
          const marked = page.locator('ol.bars > li.p:visible, ol.bars > li.x:visible')
          if (await marked.count()) await marked.last().hover()
          else await page.locator('ol.bars > li[tabindex="0"]').first().focus()
          await page.screenshot({
            path: path.join(shots, `uptime-${name}-${scheme}-${width}.png`),
            fullPage: name === 'service',
          })
          expect(await seriousViolations(page, `${name} ${scheme} ${width}`)).toEqual([])
          await page.context().close()
        }
      }
    }
  })
  it('/history, the incident page and / pass axe in light and dark at 1280 and 360 px (screenshots)', async () => {
    const home = await open('/')
    const shortId = await home.locator('section[aria-labelledby="active-h"] h3 a').first().getAttribute('href')
    expect(shortId).toMatch(/^\/i\//)
    await home.context().close()
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1280, 360]) {
        for (const [name, pathname] of [
          ['glance-home', '/'],
          ['glance-history', '/history'],
          ['glance-incident', shortId!],
        ]) {
          const page = await open(pathname, { scheme, width })
          await page.screenshot({
            path: path.join(shots, `${name}-${scheme}-${width}.png`),
            fullPage: name !== 'glance-home',
          })
          expect(await seriousViolations(page, `${name} ${scheme} ${width}`)).toEqual([])
          await page.context().close()
        }
      }
    }
    const history = await open('/history')
    expect(await history.locator('h2[id^="month-"]').count()).toBeGreaterThan(0)
    expect(await history.locator('h3.history-day').count()).toBeGreaterThan(0)
    await history.context().close()
  })
})
