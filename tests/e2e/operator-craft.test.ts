/**
 * The operator's craft in Chromium against the real service: a new incident started from a template fills the
 * admin form (nothing saved until Save), and a published postmortem reads under the timeline of the public
 * incident page, axe-clean in both themes.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'

import { type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  browserDatabaseEnv,
  call,
  createUserKey,
  firstAdminKey,
  root,
  type Started,
  startService,
  stopServices,
} from '../helpers/service'
import { launchChromium, seriousViolations } from '../helpers/browser'
import { plainRichText } from '../helpers/rich-text'

const shots = path.join(root, 'test-results', 'screenshots')
const EMAIL = 'craft@example.test'
const PASSWORD = 'craft-password-1234'

let browser: Browser
let server: Started
let page: Page
let key: string

const auth = () => ({ authorization: `users API-Key ${key}` })

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  browser = await launchChromium()
  server = await startService({
    ...(await browserDatabaseEnv('craft')),
    ...firstAdminKey(),
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
    RATE_LIMIT_CMS_PER_MINUTE: '0',
  })
  key = await createUserKey(server, 'admin')
  page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage()
})

afterAll(async () => {
  await browser?.close()
  stopServices()
})

describe('the operator’s craft', () => {
  it('starts a new incident from a template: the form fills, and only Save stores it', async () => {
    const group = await call(`${server.base}/api/service-groups`, {
      method: 'POST',
      headers: auth(),
      body: { name: 'Platform' },
    })
    const service = await call(`${server.base}/api/services`, {
      method: 'POST',
      headers: auth(),
      body: { name: 'Checkout', group: group.json().doc.id },
    })
    expect(service.status, service.text).toBe(201)
    const template = await call(`${server.base}/api/incident-templates`, {
      method: 'POST',
      headers: auth(),
      body: {
        name: 'Checkout errors',
        title: 'Checkout is failing',
        status: 'identified',
        message: 'Payments fail at checkout; a fix is on its way.',
        services: [{ service: service.json().doc.id, status: 'partial' }],
      },
    })
    expect(template.status, template.text).toBe(201)
    const before = (await call(`${server.base}/api/incidents?limit=0`, { headers: auth() })).json().totalDocs

    await page.goto(`${server.base}/admin/login`, { waitUntil: 'networkidle' })
    await page.fill('input[name="email"]', EMAIL)
    await page.fill('input[name="password"]', PASSWORD)
    await page.click('button[type="submit"]')
    await page.waitForURL(`${server.base}/admin`)
    await page.goto(`${server.base}/admin/collections/incidents/create`, { waitUntil: 'networkidle' })
    const picker = page.getByLabel('Start from a template')
    await picker.waitFor({ timeout: 60_000 })
    await expect.poll(async () => picker.locator('option').count(), { timeout: 60_000 }).toBeGreaterThan(1)
    await picker.selectOption({ label: 'Checkout errors' })
    await expect
      .poll(() => page.locator('input[name="title"]').inputValue(), { timeout: 60_000 })
      .toBe('Checkout is failing')
    await expect
      .poll(() => page.locator('textarea[name$=".message"]').first().inputValue(), { timeout: 30_000 })
      .toBe('Payments fail at checkout; a fix is on its way.')
    await page.screenshot({ path: path.join(shots, 'admin-incident-from-template.png'), fullPage: true })
    expect((await call(`${server.base}/api/incidents?limit=0`, { headers: auth() })).json().totalDocs).toBe(before)

    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(/\/admin\/collections\/incidents\/\d+/, { timeout: 60_000 })
    const saved = (
      await call(`${server.base}/api/incidents?sort=-createdAt&limit=1&depth=0`, { headers: auth() })
    ).json().docs[0]
    expect(saved).toMatchObject({ title: 'Checkout is failing', status: 'identified' })
    expect(saved.updates[0].serviceStatuses).toMatchObject([{ status: 'partial' }])
    expect((await call(`${server.base}/api/services/${service.json().doc.id}`)).json().status).toBe('partial')
  })

  it('shows a published postmortem under the timeline of the incident page, axe-clean in light and dark', async () => {
    const incident = await call(`${server.base}/api/incidents`, {
      method: 'POST',
      headers: auth(),
      body: {
        title: 'Checkout outage',
        updates: [
          { status: 'investigating', message: 'Checkout fails.', createdAt: '2026-01-10T10:00:00.000Z' },
          { status: 'resolved', message: 'Fixed.', createdAt: '2026-01-10T11:00:00.000Z' },
        ],
        postmortem: plainRichText('A certificate expired on the payment gateway; renewals are now monitored.'),
        postmortemPublishedAt: '2026-01-11T09:00:00.000Z',
      },
    })
    expect(incident.status, incident.text).toBe(201)
    const shortId = incident.json().doc.shortId
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.goto(`${server.base}/i/${shortId}`, { waitUntil: 'networkidle' })
      const heading = page.getByRole('heading', { name: 'Postmortem' })
      await heading.waitFor()
      expect(
        await page.locator('#postmortem ~ .rich, section[aria-labelledby="postmortem"] .rich').innerText(),
      ).toContain('A certificate expired')
      const order = await page.evaluate(() => {
        const headings = [...document.querySelectorAll('h2')].map((h) => h.textContent)
        return [headings.indexOf('Updates'), headings.indexOf('Postmortem')]
      })
      expect(order[0]).toBeGreaterThanOrEqual(0)
      expect(order[1]).toBeGreaterThan(order[0])
      expect(await seriousViolations(page, scheme)).toEqual([])
      await page.screenshot({ path: path.join(shots, `incident-postmortem-${scheme}.png`), fullPage: true })
    }
  })
})
