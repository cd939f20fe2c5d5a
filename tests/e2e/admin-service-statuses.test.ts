/**
 * Setting services' statuses from an incident in the admin area, in Chromium against the real service: the operator
 * picks services by name, sees their current status, saves; a resolving update lists what will be given back, and
 * saving it gives them back.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'

import { type Browser, type Locator, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  call,
  createUserKey,
  firstAdminKey,
  root,
  sqliteEnv,
  type Started,
  startService,
  stopServices,
} from '../helpers/service'
import { clickUntil, launchChromium } from '../helpers/browser'

const shots = path.join(root, 'test-results', 'screenshots')
const EMAIL = 'statuses@example.test'
const PASSWORD = 'statuses-password-1234'

let browser: Browser
let server: Started
let page: Page
let key: string

const auth = () => ({ authorization: `users API-Key ${key}` })

async function serviceStatus(id: number): Promise<string> {
  return (await call(`${server.base}/api/services/${id}`)).json().status
}

/** Picks `option` in the react-select inside `field`. */
async function pick(field: Locator, option: string) {
  await field.locator('.rs__control').click()
  await page.locator('.rs__option', { hasText: option }).first().click()
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  browser = await launchChromium()
  server = await startService({
    ...sqliteEnv('sp-admin-statuses-'),
    ...firstAdminKey(),
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
    RATE_LIMIT_CMS_PER_MINUTE: '0',
  })
  page = await browser.newPage({ viewport: { width: 1280, height: 1000 } })
})

afterAll(async () => {
  await browser?.close()
  stopServices()
})

describe('an incident sets its services’ statuses from the admin form', () => {
  it('picks services by name with their current status, and gives them back on resolve', async () => {
    key = await createUserKey(server, 'admin')
    const group = await call(`${server.base}/api/service-groups`, {
      method: 'POST',
      headers: auth(),
      body: { name: 'Platform' },
    })
    const api = await call(`${server.base}/api/services`, {
      method: 'POST',
      headers: auth(),
      body: { name: 'Public API', group: group.json().doc.id },
    })
    const web = await call(`${server.base}/api/services`, {
      method: 'POST',
      headers: auth(),
      body: { name: 'Website', group: group.json().doc.id, status: 'degraded' },
    })
    expect(api.status, api.text).toBe(201)
    const apiId = api.json().doc.id as number
    const webId = web.json().doc.id as number
    const incident = await call(`${server.base}/api/incidents`, {
      method: 'POST',
      headers: auth(),
      body: { title: 'Errors on the API', updates: [{ status: 'investigating', message: 'Looking into it' }] },
    })
    expect(incident.status, incident.text).toBe(201)
    const { id } = incident.json().doc

    await page.goto(`${server.base}/admin/login`, { waitUntil: 'networkidle' })
    await page.fill('input[name="email"]', EMAIL)
    await page.fill('input[name="password"]', PASSWORD)
    await page.click('button[type="submit"]')
    await page.waitForURL(`${server.base}/admin`)

    // A second update that sets the API to a major outage.
    await page.goto(`${server.base}/admin/collections/incidents/${id}`, { waitUntil: 'networkidle' })
    // Rows are counted as list items, which appear at once (a row's fields load after it, and older rows fold away).
    const updates = page.locator('.incident-update')
    await clickUntil(page.getByRole('button', { name: /Add Update/i }), async () => (await updates.count()) >= 2)
    // The form shows updates newest first: rows are found by their index in the stored list, not by position.
    const row = (index: number) => page.locator(`.incident-update[data-row-index="${index}"]`)
    await row(1).locator('textarea[name$=".message"]').fill('The API answers errors; we are on it.')
    const addStatus = row(1).getByRole('button', { name: /Add Service status/i })
    // On a loaded machine a click can land before the row's button listens: click until Payload's array has the row
    // (its element comes at once, its fields after), so a slow render is never clicked twice.
    await clickUntil(addStatus, async () => (await page.locator('#updates-1-serviceStatuses-row-0').count()) > 0)
    await page.locator('.service-status-pick').waitFor({ timeout: 60_000 })
    await pick(page.locator('#field-updates__1__serviceStatuses__0__service'), 'Public API')
    await expect
      .poll(() => page.locator('.service-status-pick__now').innerText(), { timeout: 30_000 })
      .toBe('Now: Operational')
    await pick(page.locator('#field-updates__1__serviceStatuses__0__status'), 'Major outage')
    await page.screenshot({ path: path.join(shots, 'admin-incident-service-statuses.png'), fullPage: true })
    expect(await page.locator('.service-status-pick').count()).toBe(1)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => serviceStatus(apiId), { timeout: 30_000 }).toBe('major')
    expect(await serviceStatus(webId)).toBe('degraded')

    // A resolving update: the form lists what goes back before it is saved.
    await page.goto(`${server.base}/admin/collections/incidents/${id}`, { waitUntil: 'networkidle' })
    await clickUntil(page.getByRole('button', { name: /Add Update/i }), async () => (await updates.count()) >= 3)
    await row(2).locator('textarea[name$=".message"]').fill('Fixed.')
    await pick(page.locator('#field-updates__2__status'), 'Resolved')
    const note = page.locator('.restore-note')
    await expect.poll(() => note.innerText(), { timeout: 30_000 }).toContain('Public API: Major outage → Operational')
    expect(await note.innerText()).not.toContain('Website')
    await page.screenshot({ path: path.join(shots, 'admin-incident-restore-note.png'), fullPage: true })
    await page.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => serviceStatus(apiId), { timeout: 30_000 }).toBe('operational')
    expect(await serviceStatus(webId)).toBe('degraded')
  })
})
