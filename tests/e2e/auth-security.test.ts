/**
 * Sessions and headers through the real server (`npm start`) and Chromium (docs/security.md): a page on
 * another port of the same host cannot make a logged-in admin's browser write (M1) while the admin area keeps
 * working; the security headers on pages, the admin, JSON and media, cached or not, with no CSP violation in the
 * browser (L3); failed logins throttled per client address as the edge determines it (M3); the session cookie
 * Secure behind a trusted HTTPS proxy (L4); and expected refusals logged as one line, without a stack (L8).
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import path from 'node:path'

import { type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  createUserKey,
  firstAdminKey,
  freePort,
  root,
  runCreateUser,
  sqliteEnv,
  type Started,
  startService,
  stopServices,
} from '../helpers/service'
import { launchChromium } from '../helpers/browser'

const shots = path.join(root, 'test-results', 'screenshots')
const adminEmail = `admin-${randomBytes(3).toString('hex')}@example.test`
const adminPassword = `admin-password-${randomBytes(4).toString('hex')}`

let server: Started
let browser: Browser
let editorKey: string
let adminKey: string
let attackerSite: Server
let attackerBase: string

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

async function json(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.base}${pathname}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  let parsed: any
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  return { status: response.status, headers: response.headers, body: parsed, text }
}

const editor = () => ({ authorization: `users API-Key ${editorKey}` })

/** Every Content-Security-Policy violation and console error the page reports while `run` goes. */
async function violations(page: Page, run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
      seen.push(message.text())
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Refused to (CSP) ${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  await run()
  return seen
}

async function adminLogin(page: Page): Promise<void> {
  await page.goto(`${server.base}/admin/login`)
  await page.fill('input[name="email"]', adminEmail)
  await page.fill('input[name="password"]', adminPassword)
  await page.click('button[type="submit"]')
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'), { timeout: 60_000 })
}

beforeAll(async () => {
  server = await startService({
    ...sqliteEnv('sp-auth-'),
    ...firstAdminKey(),
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
    // The test is the trusted proxy: it says which client a request is for, and whether it came over HTTPS.
    TRUSTED_PROXIES: 'loopback',
  })
  editorKey = await createUserKey(server, 'editor')
  adminKey = await createUserKey(server, 'admin')
  browser = await launchChromium()
  mkdirSync(shots, { recursive: true })
  // The attacker's page: same host, another port (same site, so SameSite=Lax cookies go along).
  const port = await freePort()
  attackerBase = `http://127.0.0.1:${port}`
  attackerSite = createServer((_req, res) => {
    const payload = JSON.stringify({
      title: 'csrf from another port',
      updates: [{ status: 'investigating', message: 'forged' }],
    }).replace(/'/g, '&#39;')
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end(
      `<!doctype html><form method="post" enctype="multipart/form-data" action="${server.base}/api/incidents"><input type="hidden" name="_payload" value='${payload}'></form><script>document.forms[0].submit()</script>`,
    )
  })
  await new Promise<void>((resolve) => attackerSite.listen(port, '127.0.0.1', resolve))
})

afterAll(async () => {
  await browser?.close()
  attackerSite?.close()
  stopServices([server])
})

describe('M1: cross-site request forgery', () => {
  it('a page on another port cannot make the logged-in admin write; the admin area still saves', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await adminLogin(page)

    const forged = page.waitForResponse(
      (response) => response.url() === `${server.base}/api/incidents` && response.request().method() === 'POST',
    )
    await page.goto(attackerBase)
    expect((await forged).status()).toBe(403)
    const incidents = await json(
      'GET',
      '/api/incidents?where[title][equals]=csrf%20from%20another%20port',
      undefined,
      editor(),
    )
    expect(incidents.body.totalDocs).toBe(0)

    // The admin's own form: create a service group and save.
    await page.goto(`${server.base}/admin/collections/service-groups/create`)
    await page.locator('input[name="name"]').fill('Saved through the admin')
    const saved = page.waitForResponse(
      (response) => response.url().includes('/api/service-groups') && response.request().method() === 'POST',
    )
    await page.locator('#action-save').click()
    expect((await saved).status()).toBe(201)
    const groups = await json(
      'GET',
      '/api/service-groups?where[name][equals]=Saved%20through%20the%20admin',
      undefined,
      editor(),
    )
    expect(groups.body.totalDocs).toBe(1)
    await context.close()
  })
})

describe('L3: security headers', () => {
  it('pages carry a CSP, a referrer policy and nosniff, also when served from the response cache', async () => {
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${server.base}/`)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-security-policy')).toMatch(/script-src 'sha256-/)
      expect(page.headers.get('content-security-policy')).not.toMatch(/unsafe-inline'?\s*(;|$).*script/)
      expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    }
    for (const pathname of [
      '/api/v1/status',
      '/api/v1/incidents',
      '/api/health',
      '/api/services',
      '/api/users/me',
      '/feed.atom',
    ]) {
      for (let i = 0; i < 2; i++)
        expect((await fetch(`${server.base}${pathname}`)).headers.get('x-content-type-options'), pathname).toBe(
          'nosniff',
        )
    }
  })

  it('the admin cannot be framed and has its own policy', async () => {
    for (const pathname of ['/admin', '/admin/login']) {
      const response = await fetch(`${server.base}${pathname}`, { redirect: 'manual' })
      expect(response.headers.get('x-frame-options'), pathname).toBe('DENY')
      expect(response.headers.get('content-security-policy'), pathname).toMatch(/frame-ancestors 'none'/)
      expect(response.headers.get('x-content-type-options'), pathname).toBe('nosniff')
    }
  })

  it('uploaded media are served with nosniff', async () => {
    const form = new FormData()
    form.set('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png')
    form.set('_payload', JSON.stringify({ alt: 'A pixel' }))
    const upload = await fetch(`${server.base}/api/media`, {
      method: 'POST',
      headers: { authorization: `users API-Key ${adminKey}` },
      body: form,
    })
    const body = (await upload.json()) as { doc?: { url?: string } }
    expect(upload.status, JSON.stringify(body)).toBe(201)
    const file = await fetch(`${server.base}${body.doc!.url!}`)
    expect(file.status).toBe(200)
    expect(file.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('the public pages run their scripts with no CSP violation', async () => {
    const incident = await json(
      'POST',
      '/api/incidents',
      { title: 'Header check', updates: [{ status: 'investigating', message: 'Looking' }] },
      editor(),
    )
    expect(incident.status).toBe(201)
    const maintenance = await json(
      'POST',
      '/api/maintenances',
      {
        title: 'Header window',
        scheduledStart: new Date(Date.now() + 86_400_000).toISOString(),
        scheduledEnd: new Date(Date.now() + 90_000_000).toISOString(),
      },
      editor(),
    )
    const pages = ['/', '/history', '/subscribe', `/i/${incident.body.doc.shortId}`]
    if (maintenance.status === 201) pages.push(`/m/${maintenance.body.doc.shortId}`)
    const context = await browser.newContext()
    const page = await context.newPage()
    const seen = await violations(page, async () => {
      for (const pathname of pages) {
        await page.goto(`${server.base}${pathname}`)
        // The theme toggle is shown by the page's own inline script.
        await expect.poll(() => page.locator('#theme-toggle').isVisible(), { timeout: 10_000 }).toBe(true)
      }
      await page.goto(`${server.base}/i/${incident.body.doc.shortId}`)
      await expect.poll(() => page.locator('#copy-link').isVisible(), { timeout: 10_000 }).toBe(true)
    })
    expect(seen).toEqual([])
    await context.close()
  })

  it('the admin renders and runs under its policy (screenshot in test-results/screenshots/admin-csp.png)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const seen = await violations(page, async () => {
      await adminLogin(page)
      await page.goto(`${server.base}/admin`)
      await page.getByText('Service Groups').first().waitFor({ timeout: 60_000 })
      await page.goto(`${server.base}/admin/collections/incidents/create`)
      await page.locator('input[name="title"]').waitFor({ timeout: 60_000 })
      await page.goto(`${server.base}/admin`)
      await page.getByText('Service Groups').first().waitFor({ timeout: 60_000 })
    })
    await page.screenshot({ path: path.join(shots, 'admin-csp.png') })
    expect(seen).toEqual([])
    await context.close()
  })
})

describe('M3: failed logins through the edge', () => {
  it('throttles the failing address (429, Retry-After); the owner from another address logs in', async () => {
    const attacker = { 'x-forwarded-for': '203.0.113.50' }
    for (let i = 0; i < 10; i++) {
      const res = await json(
        'POST',
        '/api/users/login',
        { email: adminEmail, password: `wrong-password-${i}` },
        attacker,
      )
      expect(res.status).toBe(401)
      expect(res.body.errors[0].message).toBe('The email or password provided is incorrect.')
    }
    const throttled = await json('POST', '/api/users/login', { email: adminEmail, password: adminPassword }, attacker)
    expect(throttled.status).toBe(429)
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0)
    const owner = await json(
      'POST',
      '/api/users/login',
      { email: adminEmail, password: adminPassword },
      { 'x-forwarded-for': '192.0.2.77' },
    )
    expect(owner.status).toBe(200)
  })
})

describe('L4: Secure session cookie behind HTTPS', () => {
  it('is Secure when the trusted proxy says https, and not over plain HTTP', async () => {
    const https = await json(
      'POST',
      '/api/users/login',
      { email: adminEmail, password: adminPassword },
      { 'x-forwarded-proto': 'https', 'x-forwarded-for': '192.0.2.78' },
    )
    expect(https.status).toBe(200)
    expect(https.headers.getSetCookie().find((c) => c.startsWith('payload-token='))).toMatch(/;\s*Secure/i)
    const http = await json(
      'POST',
      '/api/users/login',
      { email: adminEmail, password: adminPassword },
      { 'x-forwarded-for': '192.0.2.78' },
    )
    expect(http.headers.getSetCookie().find((c) => c.startsWith('payload-token='))).not.toMatch(/;\s*Secure/i)
  })
})

describe('L8: expected refusals are logged without a stack', () => {
  it('401, 403, 404 and 400 answers write at most one short line each', async () => {
    const before = server.output().length
    const refusals: [string, string, unknown, Record<string, string>, number][] = [
      ['GET', '/api/users', undefined, {}, 401],
      ['GET', '/api/notification-deliveries', undefined, {}, 401],
      [
        'POST',
        '/api/users',
        { email: 'x@example.test', password: 'long-enough-password', role: 'admin' },
        editor(),
        403,
      ],
      ['GET', '/api/incidents/999999', undefined, editor(), 404],
      ['POST', '/api/incidents', { title: '' }, editor(), 400],
    ]
    for (const [method, pathname, body, headers, status] of refusals) {
      for (let i = 0; i < 4; i++)
        expect((await json(method, pathname, body, headers)).status, `${method} ${pathname}`).toBe(status)
    }
    // The log is written asynchronously: wait until the last refusal's line is there.
    await expect.poll(() => server.output().slice(before), { timeout: 10_000 }).toMatch(/400 /)
    const written = server.output().slice(before)
    expect(written).not.toMatch(/^\s+at /m)
    expect(written.length).toBeLessThan(refusals.length * 4 * 300)
  })
})

describe('L6: the create-user CLI', () => {
  it('refuses a password shorter than 12 characters and says why', async () => {
    const short = await runCreateUser(
      server.env,
      `cli-${randomBytes(3).toString('hex')}@example.test`,
      'editor',
      'eleven-char',
    )
    expect(short.status).not.toBe(0)
    expect(short.stderr).toMatch(/at least 12 characters/)
    const long = await runCreateUser(
      server.env,
      `cli-${randomBytes(3).toString('hex')}@example.test`,
      'editor',
      'twelve-chars',
    )
    expect(long.status, long.stderr).toBe(0)
  })
})
