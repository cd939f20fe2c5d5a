/**
 * Demo mode through the built server (`npm start`) on SQLite: readers during several resets never see a half-reset
 * site; the countdown of /api/demo-status; the admin banner in Chromium with demo mode on, and its absence with it
 * off; the admin form's password change dropped for the demo user. Two instances sharing PostgreSQL:
 * demo-instances.test.ts. Resets are seconds apart here (tests/helpers/demo.ts).
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'

import { type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { call, root, sqliteEnv, type Started, startService, stopServices } from '../helpers/service'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp'
import { DEMO_EMAIL, DEMO_PASSWORD, demoEnv, INTERVAL_SECONDS, readThroughResets, resetsIn } from '../helpers/demo'
import { launchChromium } from '../helpers/browser'

const shots = path.join(root, 'test-results', 'screenshots')

let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
  mkdirSync(shots, { recursive: true })
})

afterAll(async () => {
  await browser?.close()
  stopServices()
})

async function login(page: Page, base: string) {
  await page.goto(`${base}/admin/login`)
  await page.fill('input[name="email"]', DEMO_EMAIL)
  await page.fill('input[name="password"]', DEMO_PASSWORD)
  await page.click('button[type="submit"]')
  await page.waitForURL(`${base}/admin`)
}

describe('demo mode on SQLite', () => {
  let server: Started
  let smtp: SmtpSink

  beforeAll(async () => {
    smtp = await startSmtpSink()
    server = await startService({
      ...sqliteEnv('sp-demo-'),
      ...demoEnv,
      SMTP_URL: smtp.url,
      SMTP_FROM: 'status@example.test',
      NOTIFY_TICK_MS: '100',
    })
  })
  afterAll(() => smtp.close())

  it('never shows a reader a half-reset site across several resets, and logs each reset with the next', async () => {
    const before = resetsIn(server)
    const reads = await readThroughResets([server.base], 3 * INTERVAL_SECONDS * 1000 + 2000)
    expect(resetsIn(server) - before).toBeGreaterThanOrEqual(3)
    expect(reads).toBeGreaterThan(30)
    expect(server.output()).toMatch(
      /Demo data reset at \d{4}-\d{2}-\d{2}T[\d:.]+Z; next reset at \d{4}-\d{2}-\d{2}T[\d:.]+Z/,
    )
  })

  it('counts down in /api/demo-status and starts again after a reset; a reset removes what a visitor made', async () => {
    const login = await call(`${server.base}/api/users/login`, {
      method: 'POST',
      body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    })
    const cookie = String(login.headers['set-cookie']).split(';')[0]
    const made = await call(`${server.base}/api/incidents`, {
      method: 'POST',
      headers: { cookie },
      body: { title: 'Made by a visitor', updates: [{ status: 'investigating', message: 'x' }] },
    })
    expect(made.status, made.text).toBe(201)
    const seconds = (text: string) => Number(text.split('m')[0]) * 60 + Number(text.split(' ')[1].replace('s', ''))
    const seen: number[] = []
    for (let i = 0; i < 14; i++) {
      const status = (await call(`${server.base}/api/demo-status`)).json()
      expect(status).toMatchObject({ isDemoMode: true, resetIntervalMinutes: 60 })
      seen.push(seconds(status.timeUntilReset))
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    // Down, then back up at a reset.
    expect(seen.some((s, i) => i > 0 && s < seen[i - 1])).toBe(true)
    expect(seen.some((s, i) => i > 0 && s > seen[i - 1])).toBe(true)
    const titles = (await call(`${server.base}/api/v1/incidents`)).json().data.map((i: any) => i.title)
    expect(titles).not.toContain('Made by a visitor')
  })

  it('shows the banner on every admin page, counting down every second; the admin form cannot change the password', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.goto(`${server.base}/admin/login`)
    const banner = page.getByRole('region', { name: 'Live demo' })
    await banner.waitFor()
    expect(await banner.innerText()).toMatch(
      /Live demo[\s\S]*reset in \d+m \d{2}s[\s\S]*Password changes are disabled/i,
    )
    const first = await page.locator('[data-demo-countdown]').innerText()
    await page.waitForFunction(
      (before) => document.querySelector('[data-demo-countdown]')?.textContent !== before,
      first,
      { timeout: 5000 },
    )
    await page.screenshot({ path: path.join(shots, 'admin-demo-login.png') })

    await login(page, server.base)
    await page.getByRole('region', { name: 'Live demo' }).waitFor()
    await page.screenshot({ path: path.join(shots, 'admin-demo-dashboard.png') })

    // The account form: change the password, save; the save succeeds and the old password still logs in.
    await page.goto(`${server.base}/admin/account`, { waitUntil: 'networkidle' })
    await page.getByRole('region', { name: 'Live demo' }).waitFor()
    await page.getByRole('button', { name: 'Change Password' }).click()
    await page.locator('input[name="password"]').fill('taken-over-by-form')
    // The form validates on the server as it changes (a debounced POST of its state): save once that has answered.
    const validated = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/admin/account'),
    )
    await page.locator('input[name="confirm-password"]').fill('taken-over-by-form')
    await validated
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Updated successfully').first().waitFor({ timeout: 10_000 })
    await page.screenshot({ path: path.join(shots, 'admin-demo-account.png') })
    await context.close()
    expect(
      (
        await call(`${server.base}/api/users/login`, {
          method: 'POST',
          body: { email: DEMO_EMAIL, password: 'taken-over-by-form' },
        })
      ).status,
    ).toBe(401)
    expect(
      (
        await call(`${server.base}/api/users/login`, {
          method: 'POST',
          body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
        })
      ).status,
    ).toBe(200)
  })

  it('sends nothing: a visitor cannot make the server mail anyone', async () => {
    const login = await call(`${server.base}/api/users/login`, {
      method: 'POST',
      body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    })
    const cookie = String(login.headers['set-cookie']).split(';')[0]
    // The seed's confirmed e-mail subscriber would hear of this incident, and the new address would get a
    // confirmation, if anything were sent.
    const made = await call(`${server.base}/api/incidents`, {
      method: 'POST',
      headers: { cookie },
      body: { title: 'Spam', updates: [{ status: 'investigating', message: 'Buy now' }] },
    })
    expect(made.status, made.text).toBe(201)
    const subscribed = await call(`${server.base}/api/subscribe`, {
      method: 'POST',
      body: { type: 'email', email: 'victim@example.test' },
    })
    expect(subscribed.status, subscribed.text).toBe(200)
    // Twenty ticks of the runner it would have.
    await new Promise((resolve) => setTimeout(resolve, 2000))
    expect(smtp.messages).toEqual([])
    expect(server.output()).toContain('notifications and confirmations are queued but never sent')
  })
})

describe('demo mode off', () => {
  it('shows no banner, says so in /api/demo-status, and never resets', async () => {
    const server = await startService({
      ...sqliteEnv('sp-nodemo-'),
      ADMIN_EMAIL: 'admin@example.test',
      ADMIN_PASSWORD: 'admin-password-1234',
      STATUSPAGE_TEST_HOOKS: '1',
      DEMO_RESET_INTERVAL_SECONDS: '1',
    })
    expect((await call(`${server.base}/api/demo-status`)).json()).toEqual({
      isDemoMode: false,
      timeUntilReset: '0m 00s',
      resetIntervalMinutes: 60,
    })
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    const statusAsked = page.waitForResponse((response) => response.url().endsWith('/api/demo-status'))
    await page.goto(`${server.base}/admin/login`)
    await statusAsked
    await page.locator('input[name="email"]').waitFor()
    expect(await page.locator('[data-demo-banner]').count()).toBe(0)
    await page.screenshot({ path: path.join(shots, 'admin-no-demo-login.png') })
    await context.close()
    expect(resetsIn(server)).toBe(0)
    stopServices([server])
  })
})
