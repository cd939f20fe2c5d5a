/**
 * Monitoring integrations on the real service (`npm start`, SQLite), through the edge: the admin's token button shows
 * a new token once and the integration's page lists its events; the webhook has its own per-token budget at the
 * edge; and a token sent in the path never appears in the server's output.
 */
import { randomBytes } from 'node:crypto'

import { type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { call, sqliteEnv, type Started, startService, stopServices } from '../helpers/service'
import { launchChromium } from '../helpers/browser'

const adminEmail = 'integrations-admin@example.test'
const adminPassword = 'admin-' + randomBytes(8).toString('hex')

let browser: Browser
let server: Started
let page: Page
let cookie: string

beforeAll(async () => {
  browser = await launchChromium()
  server = await startService({
    ...sqliteEnv('sp-integrations-'),
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    RATE_LIMIT_INTEGRATION_PER_MINUTE: '3',
  })
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.goto(`${server.base}/admin/login`)
  await page.fill('input[name="email"]', adminEmail)
  await page.fill('input[name="password"]', adminPassword)
  await page.click('button[type="submit"]')
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'), { timeout: 60_000 })
  cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
})

afterAll(async () => {
  await browser?.close()
  stopServices()
})

const kumaTest = { heartbeat: null, monitor: null, msg: 'Status page Testing' }
const post = (path: string, headers: Record<string, string> = {}) =>
  call(`${server.base}${path}`, { method: 'POST', headers, body: kumaTest })

describe('integrations on the running service', () => {
  let id: number
  let token: string

  it('shows a regenerated token once in the admin, and the events on the integration’s page', async () => {
    const created = await call(`${server.base}/api/integrations`, {
      method: 'POST',
      headers: { cookie, origin: server.base },
      body: { name: 'Kuma', kind: 'uptime-kuma' },
    })
    expect(created.status, created.text).toBe(201)
    id = created.json().doc.id
    const first = created.json().doc.token as string

    await page.goto(`${server.base}/admin/collections/integrations/${id}`)
    await page.getByText('The token is stored hashed').waitFor()
    expect(await page.content()).not.toContain(first)
    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Generate a new token' }).click()
    const shown = page.getByLabel('New integration token')
    await shown.waitFor()
    token = await shown.inputValue()
    expect(token).toMatch(/^spi_/)
    expect(token).not.toBe(first)
    expect((await post('/api/integrations/webhook', { authorization: `Bearer ${first}` })).status).toBe(401)
    const accepted = await post('/api/integrations/webhook', { authorization: `Bearer ${token}` })
    expect(accepted.status, accepted.text).toBe(200)
    expect(accepted.json().outcome).toBe('test')

    await page.reload()
    await page.getByText('A test notification').first().waitFor()
    expect(await page.content()).not.toContain(token)
  })

  it('limits each token at the edge, and never writes a token from the path to the log', async () => {
    // RATE_LIMIT_INTEGRATION_PER_MINUTE is 3 for the token and for the client address alike; this address sent two
    // webhook requests in the test before (a wrong token and the accepted one).
    expect((await post(`/api/integrations/webhook/${token}`)).status).toBe(200)
    const limited = await post(`/api/integrations/webhook/${token}`)
    expect(limited.status).toBe(429)
    expect(limited.headers['retry-after']).toBeTruthy()
    // A made-up token from the same address spends the same address budget (a flood of wrong tokens is
    // limited like anything else), so it is refused at the edge before any lookup.
    expect((await post('/api/integrations/webhook', { authorization: `Bearer spi_${'x'.repeat(43)}` })).status).toBe(
      429,
    )
    expect(server.output()).not.toContain(token)
  })
})
