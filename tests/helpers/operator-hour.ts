/**
 * The operator's hour in the admin (tests/e2e/operator-hour-*.test.ts): one service with a mail server that refuses
 * the login and a webhook receiver, the site's zone set apart from the browser's, and an administrator signed in to
 * /admin in Chromium; and the checks those files share (axe on an admin screen in both themes at both widths).
 */
import path from 'node:path'

import { type Browser, type Page } from 'playwright-core'
import { expect } from 'vitest'

import { launchChromium, seriousViolations } from './browser'
import { call, firstAdminKey, root, sqliteEnv, type Started, startService, stopServices } from './service'
import { type SmtpSink, startSmtpSink } from './smtp'
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver'

export const shots = path.join(root, 'docs', 'screenshots')
const EMAIL = 'hour@example.test'
const PASSWORD = 'hour-password-1234'

export interface OperatorHour {
  browser: Browser
  server: Started
  page: Page
  smtp: SmtpSink
  receiver: WebhookReceiver
  /** The headers of an administrator's API key. */
  auth: () => Record<string, string>
}

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

/** Starts the service and its peers, and signs an administrator in to /admin in a page of its own. */
export async function openOperatorHour(): Promise<OperatorHour> {
  const smtp = await startSmtpSink()
  smtp.refuseLogin = true
  const receiver = await startWebhookReceiver()
  const browser = await launchChromium()
  const server = await startService({
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
  // The administrator signed in below has this key too (ADMIN_API_KEY): the tests' API calls are that user's.
  const auth = () => ({ authorization: `users API-Key ${server.env.ADMIN_API_KEY}` })
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
  const page = await (
    await browser.newContext({ viewport: { width: 1280, height: 1000 }, timezoneId: 'UTC' })
  ).newPage()
  page.on('pageerror', (error) => console.log('PAGEERROR', error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') console.log('CONSOLE', message.text().slice(0, 500))
  })
  await page.goto(`${server.base}/admin/login`, { waitUntil: 'networkidle' })
  await page.fill('input[name="email"]', EMAIL)
  await page.fill('input[name="password"]', PASSWORD)
  await page.click('button[type="submit"]')
  await page.waitForURL(`${server.base}/admin`)
  return { browser, server, page, smtp, receiver, auth }
}

export async function closeOperatorHour(session: OperatorHour | undefined): Promise<void> {
  await session?.browser.close()
  stopServices()
  await session?.smtp.close()
  await session?.receiver.close()
}

/**
 * axe-core on an admin screen, in the light and dark themes at 1280 and 360 px: no serious or critical violation in
 * `include`, the regions our components draw (the whole page has Payload's violations above, in its chrome too).
 */
export async function expectAxeClean(page: Page, screen: string, include: string[]): Promise<void> {
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
