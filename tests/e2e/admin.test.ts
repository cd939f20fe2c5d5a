/**
 * What an operator meets in the admin area, in Chromium against the real service: the first-user form, a dashboard
 * that says what is not configured, what to do first and the current status, a View site link, links from an
 * incident to its public page, update times taken at save; a server log with one line per failed confirmation; and
 * all of it in German for an operator who chose German; a second factor set up on the account page, then asked at
 * the next sign-in.
 */
import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'

import { Secret, TOTP } from 'otpauth'
import { type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  browserDatabaseEnv,
  call,
  createUserKey,
  freePort,
  root,
  setupCodeFromLog,
  type Started,
  startService,
  stopServices,
} from '../helpers/service'
import { launchChromium } from '../helpers/browser'

const shots = path.join(root, 'test-results', 'screenshots')
const EMAIL = 'operator@example.test'
const PASSWORD = 'operator-password-1234'

let browser: Browser
let server: Started
let page: Page
let key: string
/** The incident the second test makes, opened again in German by the last. */
let incidentId: number

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  browser = await launchChromium()
  server = await startService({
    ...(await browserDatabaseEnv('admin')),
    NOTIFY_TICK_MS: '100',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
    RATE_LIMIT_CMS_PER_MINUTE: '0',
    // Without ADMIN_EMAIL it makes no administrator, and says so; the first-user screen below makes the first one.
    ADMIN_API_KEY: randomUUID(),
  })
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
})

afterAll(async () => {
  await browser?.close()
  stopServices()
})

const auth = () => ({ authorization: `users API-Key ${key}` })

describe('the admin area for an operator', () => {
  it('creates the first user, then the dashboard lists what is not configured, the first steps and the status', async () => {
    expect(server.output()).toContain('ADMIN_API_KEY is set without ADMIN_EMAIL, so no administrator was made from it')
    await page.goto(`${server.base}/admin`, { waitUntil: 'networkidle' })
    await page.waitForURL(/create-first-user/)
    await page.locator('.first-user-note').waitFor()
    await page.screenshot({ path: path.join(shots, 'admin-first-user.png'), fullPage: true })
    // The account becomes an administrator: the form says so, and shows no Role select or API-key inputs.
    expect(await page.locator('.first-user-note').innerText()).toContain('Role: administrator')
    // The password rule is said before the form is sent, not only in the refusal after it.
    expect(await page.locator('.first-user-note').innerText()).toContain('Password: at least 12 characters')
    expect(await page.locator('#field-role').count()).toBe(0)
    expect(
      await page
        .locator('form label')
        .getByText(/API Key/i)
        .count(),
    ).toBe(0)
    expect(
      await page
        .locator('form input[type="text"]:not([name="email"]):not([name="name"]):not([name="setupCode"])')
        .count(),
    ).toBe(0)
    expect(await page.locator('form input[type="checkbox"]').count()).toBe(0)
    // The screen asks for the setup code the server printed in its log (a wrong one: tests/api/first-user.test.ts).
    expect(await page.locator('.first-user-note').innerText()).toContain('Setup code')
    await page.fill('input[name="email"]', EMAIL)
    await page.fill('input[name="password"]', PASSWORD)
    await page.fill('input[name="confirm-password"]', PASSWORD)
    await page.fill('input[name="setupCode"]', await setupCodeFromLog(server))
    await page.click('button[type="submit"]')
    await page.waitForURL(`${server.base}/admin`)
    await page.getByRole('heading', { name: 'Not configured yet' }).waitFor()
    await page.screenshot({ path: path.join(shots, 'admin-dashboard-empty.png'), fullPage: true })
    const text = await page.locator('.operator-dashboard').innerText()
    expect(text).toContain('E-mail is not configured')
    expect(text).toContain('SMS is not configured')
    expect(text).toContain('No public base URL')
    expect(text).toContain('First steps')
    expect(text).toContain('Current status: Operational')
    expect(await page.getByRole('link', { name: /View site/ }).getAttribute('href')).toBe('/')
    // Payload's own e-mail has an adapter now: no warning that it would write to the console.
    expect(server.output()).not.toContain('No email adapter provided')
  })

  it('shows active incidents on the dashboard and links an incident to its public page; a new update has no time until saved', async () => {
    key = await createUserKey(server.env, 'admin')
    const closed = await freePort()
    const settings = await call(`${server.base}/api/globals/email-settings`, {
      method: 'POST',
      headers: auth(),
      body: { host: '127.0.0.1', port: closed, security: 'none', from: 'status@example.test' },
    })
    expect(settings.status, settings.text).toBe(200)
    const group = await call(`${server.base}/api/service-groups`, {
      method: 'POST',
      headers: auth(),
      body: { name: 'Platform' },
    })
    expect(group.status, group.text).toBe(201)
    const service = await call(`${server.base}/api/services`, {
      method: 'POST',
      headers: auth(),
      body: { name: 'Public API', group: group.json().doc.id, status: 'degraded' },
    })
    expect(service.status, service.text).toBe(201)
    const incident = await call(`${server.base}/api/incidents`, {
      method: 'POST',
      headers: auth(),
      body: { title: 'Slow API answers', updates: [{ status: 'investigating', message: 'Looking into it' }] },
    })
    expect(incident.status, incident.text).toBe(201)
    const { id, shortId } = incident.json().doc
    incidentId = id

    await page.goto(`${server.base}/admin`, { waitUntil: 'networkidle' })
    await page.getByRole('heading', { name: /Current status/ }).waitFor()
    const text = await page.locator('.operator-dashboard').innerText()
    expect(text).not.toContain('E-mail is not configured')
    expect(text).not.toContain('First steps')
    expect(text).toContain('Current status: Degraded performance')
    expect(await page.getByRole('link', { name: 'Slow API answers' }).getAttribute('href')).toBe(`/i/${shortId}`)
    await page.screenshot({ path: path.join(shots, 'admin-dashboard-active.png'), fullPage: true })

    await page.goto(`${server.base}/admin/collections/incidents/${id}`, { waitUntil: 'networkidle' })
    expect(await page.getByRole('link', { name: /View public page/ }).getAttribute('href')).toBe(`/i/${shortId}`)
    // A new update: shown first (newest first, Add update on top), no time until it is saved, and the incident's
    // current status rather than a blank.
    const rows = page.locator('.incident-update')
    const dates = page.locator('.incident-update .date-time-field input')
    const statuses = page.locator('.incident-update .field-type.select')
    const before = await rows.count()
    // On a busy machine the button can be clicked before React has hydrated it: click again until a row appears
    // (the row shows at once, its fields once the server has built them).
    await expect
      .poll(async () => {
        if ((await rows.count()) === before) await page.getByRole('button', { name: /Add Update/i }).click()
        return rows.count()
      })
      .toBe(before + 1)
    await expect.poll(() => dates.count()).toBe(before + 1)
    expect(await dates.first().inputValue()).toBe('')
    expect(await dates.last().inputValue()).not.toBe('')
    await expect.poll(() => statuses.first().innerText()).toContain('Investigating')
    expect(await page.locator('.incident-update').first().locator('.array-field__row-header').innerText()).toMatch(
      /new, time set when saved/,
    )
    await page.screenshot({ path: path.join(shots, 'admin-incident-edit.png'), fullPage: true })

    // Saved, the two updates still show newest first; what is stored, and the API's order, are as before.
    await page.locator('.incident-update').first().locator('textarea').fill('Found the cause: a slow disk')
    await page.locator('#action-save').click()
    await expect
      .poll(async () => (await call(`${server.base}/api/incidents/${id}`, { headers: auth() })).json().updates?.length)
      .toBe(2)
    const stored = (await call(`${server.base}/api/incidents/${id}`, { headers: auth() })).json()
    expect(stored.updates.map((u: { message: string }) => u.message)).toEqual([
      'Looking into it',
      'Found the cause: a slow disk',
    ])
    const publicView = (await call(`${server.base}/api/v1/incidents/${shortId}`)).json()
    expect(publicView.data.updates.map((u: { message: string }) => u.message)).toEqual([
      'Found the cause: a slow disk',
      'Looking into it',
    ])
    await page.goto(`${server.base}/admin/collections/incidents/${id}`, { waitUntil: 'networkidle' })
    const updates = page.locator('.incident-update')
    await expect.poll(() => updates.count()).toBe(2)
    expect(await updates.first().locator('textarea').inputValue()).toBe('Found the cause: a slow disk')
    expect(await updates.first().locator('.array-field__row-header').innerText()).toMatch(/Investigating · .+ · latest/)
    // The older update is folded to one line: its status, time and first words.
    expect(await updates.last().locator('.array-field__row-header').innerText()).toMatch(
      /Investigating · .+ · Looking into it/,
    )
    await page.screenshot({ path: path.join(shots, 'admin-incident-two-updates.png'), fullPage: true })
  })

  it('logs one line with the reason for a confirmation that cannot be sent, not the job as JSON', async () => {
    const subscribed = await call(`${server.base}/api/subscribe`, {
      method: 'POST',
      body: { type: 'email', email: 'reader@example.test' },
    })
    expect(subscribed.status, subscribed.text).toBe(200)
    await expect
      .poll(() => server.output(), { timeout: 60_000, interval: 200 })
      .toMatch(/Confirmation for subscriber \d+ failed: SMTP server unreachable/)
    const output = server.output()
    expect(output).not.toContain('Error running task')
    expect(output).not.toContain('"taskSlug"')
    expect(output).not.toMatch(/totalTried/)
  })

  it('speaks German to an operator who chose German: the dashboard, the updates, a refusal', async () => {
    // What the account's language setting stores: Payload's language cookie.
    await page.context().addCookies([{ name: 'payload-lng', value: 'de', url: server.base }])
    await page.goto(`${server.base}/admin`, { waitUntil: 'networkidle' })
    await page.getByRole('heading', { name: /Aktueller Status/ }).waitFor()
    const dashboard = await page.locator('.operator-dashboard').innerText()
    const german = [
      'Noch nicht eingerichtet',
      'SMS ist nicht eingerichtet.',
      'Aktueller Status: Eingeschränkte Leistung',
      'Slow API answers (Wird untersucht)',
      // The confirmation the test before could not send, counted in German.
      '1 Abonnementbestätigung nicht gesendet.',
    ]
    for (const words of german) expect(dashboard).toContain(words)
    expect(
      await page
        .getByRole('link', { name: /Seite ansehen/ })
        .first()
        .getAttribute('href'),
    ).toBe('/')
    await page.screenshot({ path: path.join(root, 'docs', 'screenshots', 'admin-de.png'), fullPage: true })

    await page.goto(`${server.base}/admin/collections/incidents/${incidentId}`, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: 'Update hinzufügen' }).waitFor()
    expect(await page.getByRole('list', { name: 'Updates, neueste zuerst' }).count()).toBe(1)
    expect(await page.locator('.incident-update').first().locator('.array-field__row-header').innerText()).toMatch(
      /Wird untersucht · .+ · neuestes/,
    )
    expect(await page.getByRole('link', { name: /Öffentliche Seite ansehen/ }).count()).toBe(1)
    await page.screenshot({ path: path.join(shots, 'admin-de-incident.png'), fullPage: true })

    // A check's refusal, under the field, in German.
    await page.goto(`${server.base}/admin/collections/subscribers/create`, { waitUntil: 'networkidle' })
    await page.fill('input[name="email"]', 'not an address')
    try {
      // A save clicked before the form has hydrated does nothing: click again until the refusal shows.
      await expect
        .poll(async () => {
          const said = (await page.locator('.field-error').allTextContents()).join(' ')
          if (!said) await page.locator('#action-save').click()
          return said
        })
        .toContain('Geben Sie eine gültige E-Mail-Adresse an')
    } finally {
      await page.context().clearCookies({ name: 'payload-lng' })
    }
  })

  it('sets up a second factor on the account page, then signs in only with a code from the app', async () => {
    await page.goto(`${server.base}/admin/account`, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: 'Set up a second factor' }).click()
    await page.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor()
    // What an authenticator app does with the key it is shown.
    const app = new TOTP({
      secret: Secret.fromBase32((await page.locator('.second-factor-enrol code').innerText()).trim()),
    })
    await page.getByLabel('Code from the authenticator app').fill(app.generate())
    await page.getByRole('button', { name: 'Turn on' }).click()
    const recovery = page.locator('.second-factor-recovery-codes li')
    await expect.poll(() => recovery.count()).toBe(10)
    await page.screenshot({ path: path.join(shots, 'admin-second-factor-on.png'), fullPage: true })

    // Signed out, the password alone opens nothing: the login says to give the code below it.
    await page.context().clearCookies()
    await page.goto(`${server.base}/admin/login`, { waitUntil: 'networkidle' })
    const payloadForm = page.locator('form').first()
    await payloadForm.locator('input[name="email"]').fill(EMAIL)
    await payloadForm.locator('input[name="password"]').fill(PASSWORD)
    await payloadForm.locator('button[type="submit"]').click()
    await page
      .getByText(/This account signs in with a second factor/)
      .first()
      .waitFor()
    expect(page.url()).toContain('/admin/login')
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'payload-token')).toBe(false)

    // The form under it, with the app's next code (the one typed at set-up is spent).
    await page.locator('.second-factor-sign-in summary').click()
    const codeForm = page.locator('.second-factor-sign-in form')
    await codeForm.getByLabel('E-mail').fill(EMAIL)
    await codeForm.getByLabel('Password').fill(PASSWORD)
    await codeForm.getByLabel('Code from the authenticator app').fill(app.generate({ timestamp: Date.now() + 30_000 }))
    await page.screenshot({ path: path.join(shots, 'admin-second-factor-sign-in.png'), fullPage: true })
    await codeForm.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(`${server.base}/admin`)
    await page.getByRole('heading', { name: /Current status/ }).waitFor()
  })
})
