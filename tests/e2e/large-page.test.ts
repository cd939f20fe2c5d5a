/**
 * `/` at 1,000 services (bench/seed.ts: 50 groups, 4 services with a problem, a few incidents) in Chromium: every
 * service's name and status without JavaScript; a group's bars on its page /g/<slug> without JavaScript and inside the
 * group when it is opened with JavaScript (a group with a problem loads them at once); axe-core in light and dark at
 * 360 and 1280 px.
 *
 * Kept fast on purpose (it runs in `npm test`): one seed straight into the tables, one server, one browser, `/`
 * opened once per theme and checked at both widths by resizing. axe-core runs in a page with JavaScript: its runner
 * waits on the page's own timers, which never fire where JavaScript is off (the cause of this suite's old hang).
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

import { type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { browserDatabaseEnv, root, type Started, startService, stopServices } from '../helpers/service'
import { launchChromium, seriousViolations } from '../helpers/browser'

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const SERVICES = 1000
// Services with a problem, each in its own group (bench/seed.ts): those groups are open from the start.
const PROBLEMS = 4

let server: Started
let browser: Browser

beforeAll(async () => {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium is needed at ${chromiumPath}`)
  const env = await browserDatabaseEnv('large')
  // The bench's seed writes straight into the tables (it runs the migrations first): 1,000 services in seconds.
  const seeded = spawnSync(process.execPath, ['--conditions=production', '--import', 'tsx', 'bench/seed.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      BENCH_GROUPS: '50',
      BENCH_SERVICES: String(SERVICES),
      BENCH_INCIDENTS: '40',
      BENCH_MAINTENANCES: '4',
      BENCH_UNRESOLVED: '0.1',
      BENCH_UPCOMING: '1',
      BENCH_SERVICE_PROBLEMS: String(PROBLEMS),
    },
    encoding: 'utf8',
    timeout: 300_000,
  })
  expect(seeded.status, `${seeded.stdout}\n${seeded.stderr}`).toBe(0)
  server = await startService({ ...env, RATE_LIMIT_PUBLIC_PER_MINUTE: '0' })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  stopServices([server])
})

async function open(
  pathname: string,
  options: { width?: number; scheme?: 'light' | 'dark'; javaScript?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    colorScheme: options.scheme ?? 'light',
    javaScriptEnabled: options.javaScript ?? true,
  })
  const page = await context.newPage()
  const response = await page.goto(`${server.base}${pathname}`)
  expect(response?.status()).toBe(200)
  return page
}

const POLL = { timeout: 60_000 }

/** The first closed group, found by its name (opening it must not move the locator to the next closed one). */
async function closedGroup(page: Page) {
  const name = await page.locator('details.group:not([open])').first().getAttribute('data-name')
  return page.locator(`details.group[data-name="${name}"]`)
}

/** Each service row of `/`: its name and the status its badge says, whether its group is open or not. */
const serviceRows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('details.group ul.services > li')].map((li) => ({
      name: li.querySelector('.name a')?.textContent ?? '',
      status: (li.querySelector('.badge')?.textContent ?? '').trim(),
    })),
  )

describe('/ at 1,000 services', () => {
  it("names every service and its status without JavaScript, and a group page shows the group's bars", async () => {
    const page = await open('/', { javaScript: false })
    const rows = await serviceRows(page)
    expect(rows).toHaveLength(SERVICES)
    expect(new Set(rows.map((r) => r.name)).size).toBe(SERVICES)
    for (const row of rows)
      expect(row.status, row.name).toMatch(
        /^[✓⚙!✕] (Operational|Under maintenance|Degraded performance|Partial outage|Major outage)/,
      )
    expect(rows.filter((row) => !row.status.endsWith('Operational'))).toHaveLength(PROBLEMS)
    expect(await page.locator('ol.bars').count()).toBe(0)
    // A closed group: its services are in the text of the page, reachable by opening it, and its page has the bars.
    const closed = await closedGroup(page)
    const size = await closed.locator('ul.services > li').count()
    expect(await closed.locator('ul.services > li').first().isVisible()).toBe(false)
    await closed.locator('summary').click()
    expect(await closed.locator('ul.services > li').first().isVisible()).toBe(true)
    await closed.locator('p.group-bars a').click()
    await page.waitForURL(/\/g\//)
    expect(await page.locator('#group-services ol.bars').count()).toBe(size)
    expect(await page.locator('#group-services ol.bars').first().locator('li').count()).toBe(90)
    await page.context().close()
  })

  it("loads a group's bars into it when it is opened, and those of a group with a problem at once", async () => {
    const page = await open('/')
    const problem = page.locator('details.group[open]').first()
    // The first request for the bars computes 90 days of 1,000 services: allow for a loaded machine.
    await expect
      .poll(() => problem.locator('ol.bars').count(), POLL)
      .toBe(await problem.locator('ul.services > li').count())
    const closed = await closedGroup(page)
    const size = await closed.locator('ul.services > li').count()
    expect(await closed.locator('ol.bars').count()).toBe(0)
    await closed.locator('summary').click()
    await expect.poll(() => closed.locator('ol.bars').count(), POLL).toBe(size)
    expect(await closed.locator('ol.bars').first().locator('li').count()).toBe(90)
    // Still every service, once each.
    expect(await serviceRows(page)).toHaveLength(SERVICES)
    await page.context().close()
  })

  // `/` as served, every service of every group, with the page's script running (the theme toggle shows) but the
  // groups' bars not fetched into it: axe over 1,000 services takes seconds, over their bars minutes, and the bars'
  // markup (src/site/uptime-bars.ts) is checked by axe on `/` and /s/<slug> in tests/e2e/uptime-bars.test.ts.
  // One page per theme, checked at both widths by resizing it.
  for (const scheme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe-core violations in the ${scheme} theme, at 1280 and 360 px`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: scheme })
      await context.route(/\/g\//, (route) => route.abort())
      const page = await context.newPage()
      expect((await page.goto(`${server.base}/`))?.status()).toBe(200)
      expect(await page.locator('details.group').count()).toBe(50)
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 900 })
        expect(await seriousViolations(page, `${scheme} ${width}`)).toEqual([])
      }
      await context.close()
    }, 300_000)
  }
})
