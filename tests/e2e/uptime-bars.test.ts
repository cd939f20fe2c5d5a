/**
 * The uptime bars in Chromium against the built server in demo mode (tests/helpers/uptime-bars.ts): 90 bars per
 * service (30 at phone width), one tab stop per service (arrow keys move between days), each telling its date,
 * uptime, time in each status and incidents in text, also without JavaScript. On both databases (projects e2e and
 * e2e-postgres); axe-core and the screenshots, which look at markup only: uptime-bars-look.test.ts.
 */
import { type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type DemoSite, startDemoSite } from '../helpers/uptime-bars'

let site: DemoSite
const open: DemoSite['open'] = (pathname, options) => site.open(pathname, options)

beforeAll(async () => {
  site = await startDemoSite()
})

afterAll(() => site?.close())

const visibleBars = (page: Page, service: string) =>
  page.evaluate((name) => {
    const list = document.querySelector(`ol.bars[aria-label^="${name}:"]`)
    return [...(list?.children ?? [])].filter((li) => (li as HTMLElement).offsetWidth > 0).length
  }, service)

describe('uptime bars', () => {
  it('shows 90 bars per service on a wide screen and the newest 30 on a phone, with the uptime', async () => {
    const wide = await open('/')
    const lists = await wide.locator('ol.bars').count()
    expect(lists).toBe(6)
    expect(await visibleBars(wide, 'Public API')).toBe(90)
    expect(await wide.locator('.uptime-total .u90').first().isVisible()).toBe(true)
    await wide.context().close()
    const phone = await open('/', { width: 360 })
    expect(await visibleBars(phone, 'Public API')).toBe(30)
    expect(await phone.locator('.uptime-total .u30').first().isVisible()).toBe(true)
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await phone.context().close()
  })

  it("gives each service one tab stop: today's bar; arrow keys, Home and End move between days, whose text shows", async () => {
    for (const width of [1280, 360]) {
      const page = await open('/', { width })
      // Every tab stop of the page, from the top to the footer: the bars add one per service, not 90.
      await page.locator('a.skip').focus()
      const stops: string[] = []
      for (let i = 0; i < 200; i++) {
        await page.keyboard.press('Tab')
        const stop = await page.evaluate(() => {
          const a = document.activeElement as HTMLElement
          return a.tagName === 'LI'
            ? `bar:${a.parentElement?.getAttribute('aria-label')}`
            : `${a.tagName}:${a.getAttribute('href') ?? a.id}`
        })
        if (stop.startsWith('A:/feed.atom') || stop === 'BODY:') break
        stops.push(stop)
      }
      const bars = stops.filter((stop) => stop.startsWith('bar:'))
      expect(bars).toHaveLength(6)
      expect(new Set(bars).size).toBe(6)
      expect(stops.length).toBeLessThan(60)

      const focused = () =>
        page.evaluate(() => {
          const active = document.activeElement as HTMLElement
          const list = [...(active.parentElement?.children ?? [])].filter((li) => (li as HTMLElement).offsetWidth > 0)
          const tip = active.querySelector('i') as HTMLElement | null
          return {
            tag: active.tagName,
            index: list.indexOf(active),
            count: list.length,
            tipWidth: tip?.getBoundingClientRect().width ?? 0,
            text: tip?.textContent ?? '',
            tabbable: active.parentElement?.querySelectorAll('li[tabindex="0"]').length,
          }
        })
      await page.locator('a[href="/s/public-api"]').focus()
      await page.keyboard.press('Tab')
      let day = await focused()
      expect(day).toMatchObject({
        tag: 'LI',
        index: width === 360 ? 29 : 89,
        count: width === 360 ? 30 : 90,
        tabbable: 1,
      })
      expect(day.tipWidth).toBeGreaterThan(100)
      await page.keyboard.press('Home')
      day = await focused()
      expect(day).toMatchObject({ tag: 'LI', index: 0, tabbable: 1 })
      expect(day.text).toMatch(/^\d{1,2} \w{3,4} \d{4}: (\d+(\.\d+)?%|no data)/)
      expect(day.tipWidth).toBeGreaterThan(100)
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowRight')
      expect(await focused()).toMatchObject({ index: 2, tabbable: 1 })
      await page.keyboard.press('ArrowLeft')
      expect(await focused()).toMatchObject({ index: 1 })
      await page.keyboard.press('End')
      expect(await focused()).toMatchObject({ index: width === 360 ? 29 : 89 })
      await page.keyboard.press('ArrowRight') // the last day stays
      expect(await focused()).toMatchObject({ index: width === 360 ? 29 : 89 })
      // The bar moved to stays the service's tab stop: Shift+Tab out and Tab back lands on it.
      await page.keyboard.press('Home')
      await page.keyboard.press('Shift+Tab')
      await page.keyboard.press('Tab')
      expect(await focused()).toMatchObject({ tag: 'LI', index: 0 })
      await page.context().close()
    }
  })

  it("tells the focused bar's date, uptime, time in each status and incidents, and Tab reaches its incident link", async () => {
    const page = await open('/')
    // The bar of the partial outage a few hours ago, and a link to its incident, reached by Tab from the bar. The demo
    // is seeded from the wall clock: near midnight the hour of partial outage spans two days, so the bar is found by
    // its class and incident, and the length of the outage is any.
    const bars = page.locator('ol.bars[aria-label^="Public API:"] > li')
    const target = await bars.evaluateAll((lis) =>
      lis
        .map((li) => li.classList.contains('p') && /incidents: Elevated error rates/.test(li.textContent ?? ''))
        .lastIndexOf(true),
    )
    expect(target).toBeGreaterThan(80)
    await page.locator('a[href="/s/public-api"]').focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('End')
    for (let i = 89; i > target; i--) await page.keyboard.press('ArrowLeft')
    const today = bars.nth(target)
    expect(await today.evaluate((li) => li === document.activeElement)).toBe(true)
    const text = (await today.locator('i').textContent()) ?? ''
    expect(text).toMatch(
      /^\d{1,2} \w{3,4} \d{4}: \d+(\.\d+)?%; partial outage (1 h|\d+ min); incidents: Elevated error rates on the Public API$/,
    )
    expect(await today.getAttribute('class')).toBe('p')
    await page.keyboard.press('Tab')
    const link = await page.evaluate(() => ({
      href: document.activeElement?.getAttribute('href'),
      text: document.activeElement?.textContent,
      visible: (document.activeElement as HTMLElement).getBoundingClientRect().width > 0,
    }))
    expect(link.href).toMatch(/^\/i\//)
    expect(link.text).toBe('Elevated error rates on the Public API')
    expect(link.visible).toBe(true)
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/i\//)
    await page.context().close()
  })

  it("tells the same without JavaScript (on hover; today's bar is the one tab stop)", async () => {
    const page = await open('/s/dashboard', { javaScript: false })
    // The 50 minutes of major outage may straddle midnight (the demo is seeded from the wall clock): any length.
    const bar = page.locator('ol.bars > li.x', { hasText: /incidents: Dashboard sign-in failures/ }).first()
    await bar.hover()
    expect(await bar.locator('i').isVisible()).toBe(true)
    expect(await bar.locator('i').textContent()).toMatch(/major outage \d+ min; incidents: Dashboard sign-in failures/)
    await page.locator('ol.bars > li[tabindex="0"]').focus()
    expect(await page.locator('ol.bars > li[tabindex="0"] > i').isVisible()).toBe(true)
    expect(
      await page.locator('ol.bars > li[tabindex="0"]').evaluate((li) => li === li.parentElement?.lastElementChild),
    ).toBe(true)
    await page.context().close()
  })

  it('the banner names what is broken', async () => {
    // The demo has one degraded service: the banner names it.
    const home = await open('/')
    const banner = await home.locator('#overall').innerText()
    expect(banner).toMatch(
      /^([^:]+|\d+ services): (degraded performance|partial outage|major outage|under maintenance)$/,
    )
    await home.context().close()
  })
})
