/**
 * The operator's hour in the admin, part one, in Chromium against the real service: a mail server that refuses the
 * login shows in *Send a test message* and on the dashboard; the SMTP password is a password input; the incident
 * form lists the affected services at their statuses in a new update, with older updates folded to one line; the
 * maintenance form names the site's time zone and offers every minute. Each screen is axe-checked in both themes at
 * 360 and 1280 px; screenshots go to docs/screenshots/ (issue-27-*.png). The setting: tests/helpers/operator-hour.ts.
 */
import path from 'node:path'

import { type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  closeOperatorHour,
  expectAxeClean as axeClean,
  type OperatorHour,
  openOperatorHour,
  shots,
} from '../helpers/operator-hour'
import { clickUntil } from '../helpers/browser'
import { call, type Started } from '../helpers/service'

let session: OperatorHour
let server: Started
let page: Page

const auth = () => session.auth()
const expectAxeClean = (screen: string, include: string[]) => axeClean(page, screen, include)

beforeAll(async () => {
  session = await openOperatorHour()
  ;({ server, page } = session)
})

afterAll(() => closeOperatorHour(session))

describe('a failing e-mail setup is visible', () => {
  it('Send a test message shows the server’s refusal; the password is a password input', async () => {
    await page.goto(`${server.base}/admin/globals/email-settings`, { waitUntil: 'networkidle' })
    expect(await page.locator('input[name="password"]').getAttribute('type')).toBe('password')
    const button = page.getByRole('button', { name: 'Send a test message' })
    const alert = page.locator('.send-test-message [role="alert"]')
    await clickUntil(button, async () => (await alert.count()) > 0)
    await expect
      .poll(() => alert.innerText(), { timeout: 30_000 })
      .toContain('SMTP server refused the login (reply 535).')
    expect(await alert.innerText()).toContain('Authentication credentials invalid')
    await page.screenshot({ path: path.join(shots, 'issue-27-after-email-test-message.png'), fullPage: true })
    await expectAxeClean('e-mail settings', ['.send-test-message', '.secret-input'])
  })

  it('the dashboard shows a confirmation that failed', async () => {
    const subscribed = await call(`${server.base}/api/subscribe`, {
      method: 'POST',
      body: { type: 'email', email: 'visitor@example.test' },
    })
    expect(subscribed.status).toBeLessThan(300)
    await expect
      .poll(
        async () => {
          await page.goto(`${server.base}/admin`, { waitUntil: 'networkidle' })
          return page.locator('#failed-messages-h').count()
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(1)
    const box = page.locator('section[aria-labelledby="failed-messages-h"]')
    expect(await box.innerText()).toContain('1 subscription confirmation not sent')
    expect(await box.innerText()).toContain('SMTP server refused the login (reply 535).')
    await page.screenshot({ path: path.join(shots, 'issue-27-after-dashboard-failures.png') })
    await expectAxeClean('dashboard', ['.operator-dashboard'])
  })
})

describe('the incident form', () => {
  it('lists the affected services at their statuses in a new update; older updates fold to one line', async () => {
    const group = await call(`${server.base}/api/service-groups`, {
      method: 'POST',
      headers: auth(),
      body: { name: 'Platform' },
    })
    const groupId = group.json().doc.id
    const payments = (
      await call(`${server.base}/api/services`, {
        method: 'POST',
        headers: auth(),
        body: { name: 'Payments', group: groupId },
      })
    ).json().doc.id as number
    const website = (
      await call(`${server.base}/api/services`, {
        method: 'POST',
        headers: auth(),
        body: { name: 'Website', group: groupId },
      })
    ).json().doc.id as number
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString()
    const incident = await call(`${server.base}/api/incidents`, {
      method: 'POST',
      headers: auth(),
      body: {
        title: 'Payments failing',
        affectedServices: [payments, website],
        updates: [
          {
            status: 'investigating',
            message: 'We are looking into failed card payments at checkout.',
            createdAt: minutesAgo(30),
            serviceStatuses: [{ service: payments, status: 'major' }],
          },
          {
            status: 'identified',
            message: 'A certificate expired on the payment gateway; renewing it now.',
            createdAt: minutesAgo(20),
            serviceStatuses: [
              { service: payments, status: 'partial' },
              { service: website, status: 'degraded' },
            ],
          },
          // The newest update's statuses are what the services have now (src/services/incidents/apply-service-statuses.ts).
          {
            status: 'monitoring',
            message: 'The certificate is renewed; payments are going through again.',
            createdAt: minutesAgo(10),
            serviceStatuses: [
              { service: payments, status: 'partial' },
              { service: website, status: 'degraded' },
            ],
          },
        ],
      },
    })
    expect(incident.status, incident.text).toBe(201)
    const { id } = incident.json().doc
    await page.goto(`${server.base}/admin/collections/incidents/${id}`, { waitUntil: 'networkidle' })
    // Older updates are folded: the newest is open, the others show one line with their first words.
    const titles = page.locator('.incident-update__title')
    await expect.poll(() => titles.count(), { timeout: 30_000 }).toBe(3)
    expect(await page.locator('.incident-update .collapsible--collapsed').count()).toBe(2)
    expect(await titles.nth(2).innerText()).toContain('Investigating')
    expect(await titles.nth(2).innerText()).toContain('We are looking into failed card payments')
    const before = await page.locator('.incident-updates').boundingBox()
    await page.screenshot({ path: path.join(shots, 'issue-27-after-incident-form-folded.png'), fullPage: true })

    const rows = page.locator('.incident-update')
    await clickUntil(page.getByRole('button', { name: /Add update/i }), async () => (await rows.count()) >= 4)
    const fresh = page.locator('.incident-update[data-row-index="3"]')
    await expect.poll(() => fresh.locator('.service-status-pick').count(), { timeout: 60_000 }).toBe(2)
    await expect
      .poll(() => fresh.locator('.service-status-pick__now').allInnerTexts(), { timeout: 30_000 })
      .toEqual(['Now: Partial outage', 'Now: Degraded performance'])
    // The relationship select names its service once it has read it: on a loaded machine, after the "Now:" lines.
    await expect
      .poll(() => fresh.locator('[id^="field-updates__3__serviceStatuses__"][id$="__service"]').allInnerTexts(), {
        timeout: 30_000,
      })
      .toEqual([expect.stringContaining('Payments'), expect.stringContaining('Website')])
    // Each row starts at the service's status now: the operator changes only what changed.
    await expect
      .poll(
        () =>
          fresh
            .locator('[id^="field-updates__3__serviceStatuses__"][id$="__status"] .rs__single-value')
            .allInnerTexts(),
        { timeout: 30_000 },
      )
      .toEqual(['Partial outage', 'Degraded performance'])
    // The message starts as the default for the status (Settings), and follows it.
    await expect
      .poll(() => fresh.locator('textarea[name$=".message"]').inputValue(), { timeout: 30_000 })
      .toBe('A fix has been implemented and we are monitoring the results.')
    // The update that was newest folded too: only the new one is open.
    expect(await page.locator('.incident-update .collapsible--collapsed').count()).toBe(3)
    const after = await page.locator('.incident-updates').boundingBox()
    await page.screenshot({ path: path.join(shots, 'issue-27-after-incident-new-update.png'), fullPage: true })
    console.log(
      `updates list: ${Math.round(before!.height)} px folded with 3 updates, ${Math.round(after!.height)} px with the new one open`,
    )
    await expectAxeClean('incident form', ['.incident-updates'])

    // Setting Website to operational from the form saves it.
    await fresh.locator('#field-updates__3__serviceStatuses__1__status .rs__control').click()
    await page.locator('.rs__option', { hasText: 'Operational' }).first().click()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect
      .poll(async () => (await call(`${server.base}/api/services/${website}`)).json().status, { timeout: 30_000 })
      .toBe('operational')
    expect((await call(`${server.base}/api/services/${payments}`)).json().status).toBe('partial')
  })
})

describe('the maintenance form', () => {
  it('names the site’s time zone beside each time and offers every minute', async () => {
    await page.goto(`${server.base}/admin/collections/maintenances/create`, { waitUntil: 'networkidle' })
    const notes = page.locator('.site-zone-date__note')
    await expect.poll(() => notes.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2)
    expect(await notes.first().innerText()).toContain('Site time zone: Europe/Berlin')
    await page.locator('#field-scheduledStartAt input').click()
    const times = page.locator('.react-datepicker__time-list-item')
    await expect.poll(() => times.count(), { timeout: 30_000 }).toBe(1440)
    await page.screenshot({ path: path.join(shots, 'issue-27-after-maintenance-form.png'), fullPage: true })
    await page.keyboard.press('Escape')
    await expectAxeClean('maintenance form', ['.site-zone-date', '.rich-text-lexical'])
  })
})
