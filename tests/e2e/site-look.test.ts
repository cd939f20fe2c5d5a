/**
 * Every page of the public site passes axe-core (serious and critical) and fits a phone's width, in light and dark at
 * 1280 and 360 px, and is screenshot to test-results/screenshots/ (tests/helpers/looked-at-site.ts writes the site).
 * SQLite only: the markup does not depend on the database. Other languages: site-languages-look.test.ts; the widget:
 * widget.test.ts.
 */
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { seriousViolations } from '../helpers/browser'
import { type LookedAtSite, startLookedAtSite } from '../helpers/looked-at-site'
import { shots } from '../helpers/site'

/** Where the documentation's screenshots are (docs/api.md shows the service page). */
const docsShots = path.join(process.cwd(), 'docs', 'screenshots')

let looked: LookedAtSite

beforeAll(async () => {
  looked = await startLookedAtSite('site-look')
})

afterAll(() => looked?.site.close())

describe('the public site, looked at', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      it(`has no serious or critical axe-core violations on any page, ${scheme} at ${width} px, and is screenshot`, async () => {
        const { site, pages } = looked
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
    const { site, metricPoints } = looked
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
