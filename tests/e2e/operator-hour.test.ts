/**
 * The operator's hour in the admin (issue 27), in Chromium against the real service: a mail server that refuses the
 * login shows in *Send a test message* and on the dashboard; the SMTP password is a password input; the incident
 * form lists the affected services at their statuses in a new update, with older updates folded to one line; the
 * maintenance form names the site's time zone and offers every minute; the integration page shows its webhook URL
 * and a dry run of a sample event; a webhook subscriber's page sends a test delivery and rotates its signing secret
 * against a real receiver. Each of these screens is axe-checked in both themes at 360 and 1280 px.
 * Screenshots go to docs/screenshots/ (issue-27-*.png).
 */
import path from 'node:path'

import { type Browser, type Locator, type Page } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type SmtpSink, startSmtpSink } from '../helpers/smtp'
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver'
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
import { launchChromium, seriousViolations } from '../helpers/browser'

const shots = path.join(root, 'docs', 'screenshots')
const EMAIL = 'hour@example.test'
const PASSWORD = 'hour-password-1234'

let browser: Browser
let server: Started
let page: Page
let key: string
let smtp: SmtpSink
let receiver: WebhookReceiver

const auth = () => ({ authorization: `users API-Key ${key}` })

/**
 * Payload's own widgets, left out of the regions checked: its react-select inputs have no label, its date picker's
 * input none either, its drag handles and row menus (popup buttons) no name, its Lexical editor no input name, its
 * document tabs an invalid list (axe: label, aria-hidden-focus, aria-command-name, button-name,
 * aria-input-field-name, list). They are not ours to fix; our components inside them are checked.
 */
const PAYLOAD_WIDGETS = [
  '.react-select',
  '.date-time-picker',
  '.collapsible__drag',
  '.popup-button',
  '.clipboard-action__popup',
  '.ContentEditable__root',
]

/**
 * axe-core on an admin screen, in the light and dark themes at 1280 and 360 px: no serious or critical violation in
 * `include`, the regions our components draw (the whole page has Payload's violations above, in its chrome too).
 */
async function expectAxeClean(screen: string, include: string[]) {
  const found: string[] = []
  // Payload's inputs fade their background between themes: axe would read a colour half-way (no waiting on time).
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  })
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 1000 })
    for (const theme of ['light', 'dark'] as const) {
      // Payload's admin draws its theme from html[data-theme]; setting it keeps the screen's state (a reload would not).
      await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme)
      found.push(
        ...(await seriousViolations(page, `${screen} ${theme} ${width}px`, { include, exclude: PAYLOAD_WIDGETS })),
      )
    }
  }
  await page.setViewportSize({ width: 1280, height: 1000 })
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'))
  // Soft: the screen's own checks after it still run, and every screen's violations are listed at once.
  expect.soft(found).toEqual([])
}

async function clickUntil(button: Locator, done: () => Promise<boolean>) {
  await expect
    .poll(
      async () => {
        if (!(await done())) await button.click()
        return done()
      },
      { timeout: 150_000, interval: 15_000 },
    )
    .toBe(true)
}

beforeAll(async () => {
  smtp = await startSmtpSink()
  smtp.refuseLogin = true
  receiver = await startWebhookReceiver()
  browser = await launchChromium()
  server = await startService({
    ...sqliteEnv('sp-operator-hour-'),
    ...firstAdminKey(),
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
    RATE_LIMIT_CMS_PER_MINUTE: '0',
    NOTIFY_TICK_MS: '500',
    OUTBOUND_ALLOW_HTTP: '1',
    OUTBOUND_ALLOWED_NETWORKS: '127.0.0.1/32',
  })
  key = await createUserKey(server, 'admin')
  // The site's zone differs from the browser's (UTC here), so the form names both.
  expect(
    (
      await call(`${server.base}/api/globals/settings`, {
        method: 'POST',
        headers: auth(),
        body: { timeZone: 'Europe/Berlin' },
      })
    ).status,
  ).toBe(200)
  const mail = await call(`${server.base}/api/globals/email-settings`, {
    method: 'POST',
    headers: auth(),
    body: {
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      user: 'status',
      password: 'wrong-password',
      from: 'status@example.test',
    },
  })
  expect(mail.status, mail.text).toBe(200)
  // A context of its own: axe-core's builder needs one (it opens frames in it).
  page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 }, timezoneId: 'UTC' })).newPage()
  page.on('pageerror', (error) => console.log('PAGEERROR', error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') console.log('CONSOLE', message.text().slice(0, 500))
  })
  await page.goto(`${server.base}/admin/login`, { waitUntil: 'networkidle' })
  await page.fill('input[name="email"]', EMAIL)
  await page.fill('input[name="password"]', PASSWORD)
  await page.click('button[type="submit"]')
  await page.waitForURL(`${server.base}/admin`)
})

afterAll(async () => {
  await browser?.close()
  stopServices()
  await smtp?.close()
  await receiver?.close()
})

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
    expect(await fresh.locator('[id^="field-updates__3__serviceStatuses__"][id$="__service"]').allInnerTexts()).toEqual(
      [expect.stringContaining('Payments'), expect.stringContaining('Website')],
    )
    // Each row starts at the service's status now: the operator changes only what changed.
    expect(
      await fresh
        .locator('[id^="field-updates__3__serviceStatuses__"][id$="__status"] .rs__single-value')
        .allInnerTexts(),
    ).toEqual(['Partial outage', 'Degraded performance'])
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

describe('the integration page', () => {
  it('shows the webhook URL to paste, with copy buttons', async () => {
    const created = await call(`${server.base}/api/integrations`, {
      method: 'POST',
      headers: auth(),
      body: { name: 'Alertmanager', kind: 'alertmanager' },
    })
    expect(created.status, created.text).toBe(201)
    await page.goto(`${server.base}/admin/collections/integrations/${created.json().doc.id}`, {
      waitUntil: 'networkidle',
    })
    const url = page.locator('code[aria-label="webhook URL"]')
    await expect.poll(() => url.count(), { timeout: 30_000 }).toBe(1)
    expect(await url.innerText()).toBe(`${server.base}/api/integrations/webhook`)
    expect(await page.getByRole('button', { name: 'Copy webhook URL' }).count()).toBe(1)
    expect(await page.locator('textarea[name="openingMessage"]').inputValue()).toBe(
      'We are investigating elevated errors on {services}.',
    )
    await page.screenshot({ path: path.join(shots, 'issue-27-after-integration-page.png'), fullPage: true })
  })

  it('Send a test event shows what its template would open and the resolve, creating nothing', async () => {
    const created = await call(`${server.base}/api/integrations`, {
      method: 'POST',
      headers: auth(),
      body: {
        name: 'Grafana',
        kind: 'alertmanager',
        openingMessage: 'Trouble with {statuses}.',
        resolvedMessage: 'All good again.',
      },
    })
    expect(created.status, created.text).toBe(201)
    const incidents = async () =>
      (await call(`${server.base}/api/incidents?limit=0`, { headers: auth() })).json().totalDocs as number
    const before = await incidents()
    await page.goto(`${server.base}/admin/collections/integrations/${created.json().doc.id}`, {
      waitUntil: 'networkidle',
    })
    const result = page.locator('section[aria-label="Test event result"]')
    await clickUntil(page.getByRole('button', { name: 'Send a test event' }), async () => (await result.count()) > 0)
    const text = await result.innerText()
    // The page's first service is Payments (the incident form's test made it; its status then is partial).
    expect(text).toContain('Would open: “Elevated errors on Payments”, Investigating')
    expect(text).toContain('Payments: Major outage')
    expect(text).toContain('Trouble with Payments (Major outage).')
    expect(text).toContain('All good again.')
    expect(text).toContain('nothing was created and nobody was notified')
    expect(await incidents()).toBe(before)
    expect((await call(`${server.base}/api/services?where[name][equals]=Payments`)).json().docs[0].status).toBe(
      'partial',
    )
    await result.scrollIntoViewIfNeeded()
    await page.screenshot({ path: path.join(shots, 'issue-27-after-integration-test-event.png'), fullPage: true })
    await expectAxeClean('integration page', ['.webhook-address', '.field-type.textarea'])
  })
})

describe('a webhook subscriber’s page', () => {
  it('sends a test delivery to the receiver and rotates the signing secret, which signs the next one', async () => {
    const added = await call(`${server.base}/api/subscribers`, {
      method: 'POST',
      headers: auth(),
      body: { type: 'webhook', url: `${receiver.url}/hook`, contactEmail: 'ops@example.test' },
    })
    expect(added.status, added.text).toBe(201)
    const { id, signingSecret: first } = added.json().doc as { id: number; signingSecret: string }
    await page.goto(`${server.base}/admin/collections/subscribers/${id}`, { waitUntil: 'networkidle' })
    const status = page.locator('.endpoint-actions [role="status"]')
    await clickUntil(page.getByRole('button', { name: 'Send a test delivery' }), async () => (await status.count()) > 0)
    await expect.poll(() => status.innerText(), { timeout: 30_000 }).toMatch(/^Sent: /)
    expect(receiver.to('/hook')).toHaveLength(1)
    expect(
      new Webhook(first).verify(
        receiver.to('/hook')[0].body,
        receiver.to('/hook')[0].headers as Record<string, string>,
      ),
    ).toMatchObject({ test: expect.any(Object) })

    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Generate a new signing secret' }).click()
    const shown = page.getByLabel('New signing secret')
    await shown.waitFor({ timeout: 30_000 })
    const next = await shown.inputValue()
    expect(next).toMatch(/^whsec_/)
    expect(next).not.toBe(first)
    await page.screenshot({ path: path.join(shots, 'issue-27-after-subscriber-endpoint-actions.png'), fullPage: true })
    await expectAxeClean('webhook subscriber', ['.endpoint-actions'])

    await page.getByRole('button', { name: 'Send a test delivery' }).click()
    await expect.poll(() => receiver.to('/hook').length, { timeout: 30_000 }).toBe(2)
    const second = receiver.to('/hook')[1]
    expect(new Webhook(next).verify(second.body, second.headers as Record<string, string>)).toMatchObject({
      test: expect.any(Object),
    })
    expect(() => new Webhook(first).verify(second.body, second.headers as Record<string, string>)).toThrow()
  })
})
