/**
 * Private pages (issue 39) through `npm start`'s edge, the browser and nginx: what tests/api/private-pages.test.ts
 * proves of the routes, here of the real process. A private page's every public route answers the sign-in (401) and
 * nothing of its content, never from the response cache; a reader let in (by the access cookie, or by a network)
 * leaves no byte of it in the cache, the last good copies on disk or the static mirror; a page that turns private
 * takes its public copies back at once; the sign-in works in Chromium, with a password and through a real identity
 * provider's own login and consent pages (an allowed user reads the page, another is refused, a cancel is told
 * gently); behind nginx, a client cannot claim an allowed network by sending its own X-Forwarded-For.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { request } from 'node:http'
import os from 'node:os'
import path from 'node:path'

import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { lastGoodFile } from '@/edge/last-good-file'
import { faviconSvg } from '@/site/favicon'
import { launchChromium, seriousViolations } from '../helpers/browser'
import { createService } from '../helpers/edge'
import { startNginx, type StartedNginx } from '../helpers/nginx'
import { startOidcProvider, type StartedOidcProvider } from '../helpers/oidc-provider'
import {
  type Answer,
  answerTo,
  call,
  createUserKey,
  eventually,
  firstAdminKey,
  freePort,
  root,
  sqliteEnv,
  type Started,
  startService,
  stopServices,
} from '../helpers/service'

const A = 'a.test'
const P = 'p.test'
/** A third page, open to one loopback network: the positive case of an allow-list behind nginx. */
const Q = 'q.test'
const PASSWORD = 'payroll-staff-only-2026'
const SECRET_TITLE = 'Payroll batch stuck at the bank'
const SECRET_SERVICE = 'Payroll engine'
const SECRET_MESSAGE = 'Salaries are delayed by a day.'
const SECRETS = [SECRET_TITLE, SECRET_SERVICE, SECRET_MESSAGE]
const A_SERVICE = 'Public website'
const A_TITLE = 'Website pages load slowly'
/** A's name: on A's pages only (the default page shows every incident, A's too). */
const A_NAME = 'Acme public status'
/**
 * The identity provider's loopback address: not the service's, so that to the browser it is another site, as a
 * real provider is (the page's SameSite=Lax state cookie must come back from it).
 */
const PROVIDER_HOST = '127.0.0.2'

/** The identity provider of the sign-ins in the browser: the staff page's, and the operators' (single sign-on). */
const oidcClient = { id: 'status-page', secret: 'e2e-oidc-client-secret-5b2e8d' }
let provider: StartedOidcProvider | undefined
let server: Started
let nginx: StartedNginx | undefined
let browser: Browser | undefined
let auth: Record<string, string>
let workDir: string
let mirrorDir: string
let lastGoodDir: string
let pId: number
let aId: number
let shortId: string
let websiteGroup: number
let payrollGroup: number

/** A fresh client address per read (the service trusts the loopback's X-Forwarded-For): no test spends another's budget. */
let readers = 0
const reader = () => {
  readers += 1
  return `10.0.${Math.floor(readers / 250)}.${1 + (readers % 250)}`
}

/** A request through node:http: any Host, any source address, a form body. A fresh connection per call. */
function send(
  base: string,
  target: string,
  {
    method = 'GET',
    host,
    headers = {},
    form,
    from = '127.0.0.1',
  }: { method?: string; host: string; headers?: Record<string, string>; form?: string; from?: string },
): Promise<Answer> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        path: target,
        method,
        localAddress: from,
        agent: false,
        headers: {
          host,
          ...(form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
          ...headers,
        },
      },
      answerTo(resolve, reject),
    )
    req.on('error', reject)
    req.end(form)
  })
}

/** A read on `host` through the edge, from a fresh address outside every allowed network unless told. */
const get = (target: string, host: string, headers: Record<string, string> = {}) =>
  send(server.base, target, { host, headers: { 'x-forwarded-for': reader(), ...headers } })

/** The access cookie a right password gives, through the edge (`name=value`). */
async function signIn(host: string, prefix = ''): Promise<string> {
  const answer = await send(server.base, `${prefix}/access`, {
    method: 'POST',
    host,
    headers: { 'x-forwarded-for': reader() },
    form: `password=${encodeURIComponent(PASSWORD)}&next=%2Fhistory`,
  })
  expect(answer.status, answer.text).toBe(303)
  const cookie = String(answer.headers['set-cookie'])
  expect(cookie).toMatch(/^sp-access-\d+=/)
  return cookie.split(';')[0]
}

/** Every public route of P, as its host names them. */
const routes = () => [
  '/',
  '/history',
  `/i/${shortId}`,
  '/feed.atom',
  '/feed.rss',
  '/history.atom',
  '/history.rss',
  '/maintenances.ics',
  '/subscribe',
  '/api/v1/status',
  '/api/v1/services',
  '/api/v1/incidents',
  `/api/v1/incidents/${shortId}`,
  '/api/v2/summary.json',
  '/api/v2/incidents.json',
  '/favicon.ico',
  '/no-such-path',
]

/** The last good copies as written on disk, or '' while there is no file yet. */
const lastGood = () => {
  try {
    return readFileSync(lastGoodFile(lastGoodDir), 'latin1')
  } catch {
    return ''
  }
}

const lastGoodWrittenAt = () => {
  try {
    return statSync(lastGoodFile(lastGoodDir)).mtimeMs
  } catch {
    return 0
  }
}

/** Every file under `dir`, relative to it, with its content. */
function filesUnder(dir: string, under = ''): { file: string; text: string }[] {
  return readdirSync(path.join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(under, entry.name)
    return entry.isDirectory() ? filesUnder(dir, file) : [{ file, text: readFileSync(path.join(dir, file), 'latin1') }]
  })
}

async function createPage(body: object): Promise<number> {
  const page = await call(`${server.base}/api/pages`, { method: 'POST', headers: auth, body })
  expect(page.status, page.text).toBe(201)
  return page.json().doc.id
}

async function createIncident(title: string, service: number, message: string): Promise<string> {
  const created = await call(`${server.base}/api/incidents`, {
    method: 'POST',
    headers: auth,
    body: { title, affectedServices: [service], updates: [{ status: 'investigating', message }] },
  })
  expect(created.status, created.text).toBe(201)
  return created.json().doc.shortId
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'sp-private-'))
  mirrorDir = path.join(workDir, 'mirror')
  lastGoodDir = path.join(workDir, 'copies')
  // The provider knows its clients' redirect addresses from the start: the server's port is chosen first.
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  provider = await startOidcProvider({
    host: PROVIDER_HOST,
    clients: [oidcClient],
    redirectUris: [`${base}/p/staff/access/oidc/callback`, `${base}/api/users/sso/callback`],
    accounts: {
      'ana@example.com': { email: 'ana@example.com', email_verified: true },
      'eve@elsewhere.test': { email: 'eve@elsewhere.test', email_verified: true },
      'otto@example.com': { email: 'otto@example.com', email_verified: true, groups: ['status-editors'] },
    },
  })
  server = await startService(
    {
      ...sqliteEnv('sp-private-'),
      ...firstAdminKey(),
      STATUSPAGE_TEST_HOOKS: '1',
      TRUSTED_PROXIES: '127.0.0.1',
      STATIC_MIRROR_DIR: mirrorDir,
      LAST_GOOD_DIR: lastGoodDir,
      // The identity provider of the sign-in in the browser: plain http on loopback (tests/helpers/oidc-provider.ts).
      OUTBOUND_ALLOW_HTTP: 'true',
      OUTBOUND_ALLOWED_NETWORKS: `${PROVIDER_HOST}/32`,
      // The operators' single sign-on, through the same provider (docs/operating.md).
      SSO_ISSUER: provider.issuer,
      SSO_CLIENT_ID: oidcClient.id,
      SSO_CLIENT_SECRET: oidcClient.secret,
      SSO_LABEL: 'Acme ID',
      SSO_EDITOR_GROUPS: 'status-editors',
      SSO_ALLOWED_DOMAINS: 'example.com',
    },
    { port },
  )
  auth = { authorization: `users API-Key ${await createUserKey(server, 'admin')}` }
  const website = await createService(server.base, auth, A_SERVICE)
  const payroll = await createService(server.base, auth, SECRET_SERVICE)
  const groupOf = async (id: number) =>
    (await call(`${server.base}/api/services/${id}`, { headers: auth })).json().group.id
  websiteGroup = await groupOf(website)
  payrollGroup = await groupOf(payroll)
  // The default page shows A's services only (without *Services shown* it shows every service but those only private
  // pages list: the end of this file).
  const settings = await call(`${server.base}/api/globals/settings`, {
    method: 'POST',
    headers: auth,
    body: { sections: [{ group: websiteGroup }] },
  })
  expect(settings.status, settings.text).toBe(200)
  aId = await createPage({
    name: A_NAME,
    slug: 'acme',
    hosts: [{ host: A }],
    sections: [{ group: await groupOf(website) }],
  })
  pId = await createPage({
    name: 'Acme payroll status',
    slug: 'payroll',
    hosts: [{ host: P }],
    sections: [{ group: payrollGroup }],
    access: {
      mode: 'private',
      passwords: [{ label: 'Staff', password: PASSWORD }],
      networks: [{ network: '10.77.0.0/16' }],
    },
  })
  await createPage({
    name: 'Acme office status',
    slug: 'office',
    hosts: [{ host: Q }],
    sections: [{ group: payrollGroup }],
    access: { mode: 'private', networks: [{ network: '127.0.5.0/24' }] },
  })
  shortId = await createIncident(SECRET_TITLE, payroll, SECRET_MESSAGE)
  await createIncident(A_TITLE, website, 'Looking into it.')
}, 600_000)

afterAll(async () => {
  await browser?.close()
  await nginx?.stop()
  await provider?.stop()
  stopServices([server].filter(Boolean))
  await new Promise((resolve) => setTimeout(resolve, 1000))
  if (workDir) rmSync(workDir, { recursive: true, force: true })
})

describe('a private page, without access, through the edge', () => {
  it('answers every public route with the sign-in or a 401 and nothing of its content, never from the cache', async () => {
    for (const target of routes())
      for (let round = 0; round < 2; round++) {
        const answer = await get(target, P)
        const what = `${target} (read ${round + 1})`
        expect(answer.headers['x-cache'], what).not.toBe('HIT')
        expect(answer.headers['x-cache'], what).not.toBe('STALE')
        for (const secret of SECRETS) expect(answer.text, `${what} holds ${secret}`).not.toContain(secret)
        if (target === '/favicon.ico') {
          // The default icon, in no status's colour.
          expect(answer.text, what).toBe(faviconSvg('neutral'))
          continue
        }
        expect(answer.status, what).toBe(401)
        expect(answer.headers['cache-control'], what).toBe('private, no-store')
        expect(answer.headers['x-robots-tag'], what).toBe('noindex')
      }
    // By the path form on another host too.
    const byPath = await get('/p/payroll/', A)
    expect(byPath.status).toBe(401)
    expect(byPath.text).toContain('action="/p/payroll/access"')
    for (const secret of SECRETS) expect(byPath.text).not.toContain(secret)
  })
})

describe('a reader let in', () => {
  it('reads the page, and leaves none of it in the cache, the last good copies or the static mirror', async () => {
    const cookie = await signIn(P)
    const fromNetwork = { 'x-forwarded-for': '10.77.1.2' }
    for (let round = 0; round < 2; round++)
      for (const headers of [{ cookie }, fromNetwork])
        for (const target of ['/', '/history', `/i/${shortId}`, '/api/v1/incidents', '/api/v2/summary.json']) {
          const what = `${target} with ${Object.keys(headers)[0]} (read ${round + 1})`
          const answer = await send(server.base, target, { host: P, headers })
          expect(answer.status, what).toBe(200)
          expect(answer.text, what).toContain(SECRET_TITLE)
          expect(answer.headers['cache-control'], what).toBe('private, no-store')
          expect(answer.headers['x-cache'], what).not.toBe('HIT')
        }
    // Asked again without access: still the sign-in, from Next, not a copy kept from the reads above.
    for (const target of ['/', '/history', `/i/${shortId}`, '/api/v1/incidents', '/api/v2/summary.json']) {
      const answer = await get(target, P)
      expect(answer.status, target).toBe(401)
      expect(answer.headers['x-cache'], target).not.toBe('HIT')
      for (const secret of SECRETS) expect(answer.text, target).not.toContain(secret)
    }
    // The file on disk, written after these reads (every few seconds when a copy was kept): a read of A by a path
    // nobody read yet is kept, and the file written next holds it and nothing of P.
    const readsDone = Date.now()
    await get('/p/acme/', 'after.test')
    expect((await get('/p/acme/', 'after.test')).headers['x-cache']).toBe('HIT')
    const copies = await eventually('the last good copies written again', 20_000, async () =>
      lastGoodWrittenAt() > readsDone && lastGood().includes(A_NAME) ? lastGood() : undefined,
    )
    for (const secret of SECRETS) expect(copies, `the last good copies hold ${secret}`).not.toContain(secret)
    // The static mirror: A's tree, none of P's, and P's content in no file.
    const files = await eventually('A in the static mirror', 30_000, async () => {
      try {
        const found = filesUnder(mirrorDir)
        return found.some((entry) => entry.file === `hosts/${A}/index.html` && entry.text.includes(A_NAME))
          ? found
          : undefined
      } catch {
        return undefined
      }
    })
    expect(files.filter((entry) => entry.file.startsWith(`hosts/${P}`)).map((entry) => entry.file)).toEqual([])
    expect(files.filter((entry) => entry.file.startsWith(`hosts/${Q}`)).map((entry) => entry.file)).toEqual([])
    for (const { file, text } of files)
      for (const secret of SECRETS) expect(text, `${file} holds ${secret}`).not.toContain(secret)
  })
})

describe('a page that turns private', () => {
  it('takes back its public copies at once: from the cache and from the file on disk', async () => {
    const targets = ['/', '/history', '/api/v2/summary.json']
    for (const target of targets) {
      await get(target, A)
      expect((await get(target, A)).headers['x-cache'], target).toBe('HIT')
    }
    await eventually('A in the last good copies on disk', 20_000, async () =>
      lastGood().includes(A_NAME) ? true : undefined,
    )
    const turned = await call(`${server.base}/api/pages/${aId}`, {
      method: 'PATCH',
      headers: auth,
      body: { access: { mode: 'private', passwords: [{ label: 'Staff', password: PASSWORD }] } },
    })
    expect(turned.status, turned.text).toBe(200)
    for (const target of targets) {
      const answer = await get(target, A)
      expect(answer.status, target).toBe(401)
      expect(answer.headers['x-cache'], target).not.toBe('HIT')
      expect(answer.text, target).not.toContain(A_TITLE)
    }
    // Written at once when copies are withdrawn: a restart must not bring them back.
    await eventually('A gone from the last good copies on disk', 5_000, async () =>
      lastGood().includes(A_NAME) ? undefined : true,
    )
  })
})

describe('in the browser', () => {
  it('signs in at /p/<slug>/: the form in the page’s name, a wrong password refused, the right one lets in', async () => {
    browser ??= await launchChromium()
    const page = await browser.newPage({ viewport: { width: 1024, height: 700 } })
    const response = await page.goto(`${server.base}/p/payroll/`)
    expect(response?.status()).toBe(401)
    expect(await page.locator('.brand .name').innerText()).toBe('Acme payroll status')
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(await page.content()).not.toContain(SECRET_TITLE)
    await page.screenshot({ path: path.join(root, 'docs', 'screenshots', 'private-page-sign-in.png') })
    expect(await seriousViolations(page, 'sign-in')).toEqual([])
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    expect(await page.getByRole('alert').innerText()).toContain('That password is not right.')
    expect(await seriousViolations(page, 'sign-in refused')).toEqual([])
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(`${server.base}/p/payroll/`)
    await page.getByText(SECRET_TITLE).first().waitFor()
    const cookies = await page.context().cookies()
    expect(cookies.map((cookie) => [cookie.name, cookie.path, cookie.httpOnly])).toEqual([
      [`sp-access-${pId}`, '/p/payroll', true],
    ])
    // The footer's Sign out takes the cookie back.
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(await page.context().cookies()).toEqual([])
    expect(await page.content()).not.toContain(SECRET_TITLE)
    await page.close()
  })
})

/**
 * The sign-in with the page's identity provider, in Chromium, through the real provider's own pages
 * (tests/helpers/oidc-provider.ts): its login form and its consent, on another site than the service's.
 */
describe("in the browser, through the identity provider's own sign-in", () => {
  let staffId: number
  let staffUrl: string

  beforeAll(async () => {
    staffUrl = `${server.base}/p/staff/`
    staffId = await createPage({
      name: 'Acme staff status',
      slug: 'staff',
      sections: [{ group: payrollGroup }],
      access: {
        mode: 'private',
        oidc: {
          issuer: provider!.issuer,
          clientId: oidcClient.id,
          clientSecret: oidcClient.secret,
          label: 'Acme ID',
          allowedDomains: [{ domain: 'example.com' }],
        },
      },
    })
  })

  /** A browser of its own (no provider session from another case), that reaches nothing beyond loopback. */
  async function freshBrowser(): Promise<{ context: BrowserContext; page: Page }> {
    browser ??= await launchChromium()
    const context = await browser.newContext({ viewport: { width: 1024, height: 700 } })
    // The provider's pages import a web font: nothing leaves the machine.
    await context.route(
      (url) => !['127.0.0.1', PROVIDER_HOST].includes(url.hostname),
      (route) => route.abort(),
    )
    return { context, page: await context.newPage() }
  }

  /** The cookies the browser keeps for the service, whatever their path (the provider's are another site's). */
  const serviceCookies = async (context: BrowserContext) =>
    (await context.cookies()).filter((cookie) => cookie.domain === new URL(server.base).hostname)

  /** Opens the page, which answers its sign-in, and follows its button to the provider's login form, as `login`. */
  async function toTheProvider(page: Page, login: string): Promise<void> {
    const response = await page.goto(staffUrl)
    expect(response?.status()).toBe(401)
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(await page.getByLabel('Password').count()).toBe(0)
    expect(await page.content()).not.toContain(SECRET_SERVICE)
    await page.getByRole('link', { name: 'Sign in with Acme ID' }).click()
    // The provider's own login page, on its own site.
    await page.waitForURL(`${provider!.issuer}/interaction/**`)
    await page.getByRole('heading', { name: 'Sign-in' }).waitFor()
    await page.getByPlaceholder('Enter any login').fill(login)
    await page.getByPlaceholder('and password').fill('any password will do')
    await page.getByRole('button', { name: 'Sign-in' }).click()
    // Its consent page: the scopes this page asks for.
    await page.getByRole('heading', { name: 'Authorize' }).waitFor()
    expect(page.url().startsWith(`${provider!.issuer}/interaction/`)).toBe(true)
  }

  /** The answer of the page's callback, once `act` sent the reader there. */
  async function callbackAnswer(page: Page, act: () => Promise<void>) {
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().startsWith(`${staffUrl}access/oidc/callback?`)),
      act(),
    ])
    return answer
  }

  it('lets a user of an allowed domain in: back on the page they asked for, showing its content', async () => {
    const { context, page } = await freshBrowser()
    await toTheProvider(page, 'ana@example.com')
    const answer = await callbackAnswer(page, () => page.getByRole('button', { name: 'Continue' }).click())
    expect(answer.status()).toBe(303)
    await page.waitForURL(staffUrl)
    await page.getByText(SECRET_SERVICE).first().waitFor()
    expect(await page.locator('.brand .name').innerText()).toBe('Acme staff status')
    expect(await page.content()).toContain(SECRET_TITLE)
    await page.screenshot({ path: path.join(root, 'docs', 'screenshots', 'private-page-oidc-signed-in.png') })
    // The page's access cookie; the sign-in's state cookie spent.
    const cookies = await serviceCookies(context)
    expect(cookies.map((cookie) => [cookie.name, cookie.path, cookie.httpOnly])).toEqual([
      [`sp-access-${staffId}`, '/p/staff', true],
    ])
    await context.close()
  })

  it('refuses a user outside the allowed domains with a 403 saying why, and nothing of the content', async () => {
    const { context, page } = await freshBrowser()
    await toTheProvider(page, 'eve@elsewhere.test')
    const answer = await callbackAnswer(page, () => page.getByRole('button', { name: 'Continue' }).click())
    expect(answer.status()).toBe(403)
    await page.getByRole('heading', { name: 'This account may not read this page' }).waitFor()
    expect(await page.locator('main').innerText()).toContain('You signed in as eve@elsewhere.test')
    expect(await page.locator('.brand .name').innerText()).toBe('Acme staff status')
    const content = await page.content()
    for (const secret of SECRETS) expect(content).not.toContain(secret)
    await page.screenshot({ path: path.join(root, 'docs', 'screenshots', 'private-page-oidc-refused.png') })
    expect(await serviceCookies(context)).toEqual([])
    await context.close()
  })

  it('says gently that the sign-in was cancelled when the reader cancels at the provider, with the way back', async () => {
    const { context, page } = await freshBrowser()
    await toTheProvider(page, 'ana@example.com')
    // The provider's "[ Cancel ]" sends the reader back with error=access_denied.
    const answer = await callbackAnswer(page, () => page.getByRole('link', { name: '[ Cancel ]' }).click())
    expect(new URL(answer.url()).searchParams.get('error')).toBe('access_denied')
    expect(answer.status()).toBe(401)
    expect(answer.headers()['cache-control']).toBe('private, no-store')
    expect(answer.headers()['x-robots-tag']).toBe('noindex')
    await page.getByRole('heading', { name: 'The sign-in was cancelled' }).waitFor()
    expect(await page.locator('.brand .name').innerText()).toBe('Acme staff status')
    const content = await page.content()
    for (const secret of SECRETS) expect(content).not.toContain(secret)
    expect(await seriousViolations(page, 'sign-in cancelled')).toEqual([])
    await page.screenshot({ path: path.join(root, 'docs', 'screenshots', 'private-page-oidc-cancelled.png') })
    await page.getByRole('link', { name: 'Back to the sign-in' }).click()
    await page.waitForURL(staffUrl)
    await page.getByRole('link', { name: 'Sign in with Acme ID' }).waitFor()
    expect(await serviceCookies(context)).toEqual([])
    await context.close()
  })

  it('signs an operator in to the admin through the same provider, as the editor their group makes them', async () => {
    const { context, page } = await freshBrowser()
    await page.goto(`${server.base}/admin/login`)
    await page.getByRole('link', { name: 'Sign in with Acme ID' }).click()
    await page.waitForURL(`${provider!.issuer}/interaction/**`)
    await page.getByPlaceholder('Enter any login').fill('otto@example.com')
    await page.getByPlaceholder('and password').fill('any password will do')
    await page.getByRole('button', { name: 'Sign-in' }).click()
    await page.getByRole('heading', { name: 'Authorize' }).waitFor()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(`${server.base}/admin`)
    await page.getByRole('heading', { name: /Current status/ }).waitFor()
    await page.screenshot({ path: path.join(root, 'docs', 'screenshots', 'admin-sso-signed-in.png') })
    const token = (await serviceCookies(context)).find((cookie) => cookie.name === 'payload-token')
    expect(token?.httpOnly).toBe(true)
    const me = await call(`${server.base}/api/users/me`, { headers: { cookie: `payload-token=${token!.value}` } })
    expect(me.json().user).toMatchObject({ email: 'otto@example.com', role: 'editor' })
    await context.close()
  })
})

describe('behind nginx', () => {
  it('judges the client address nginx saw: an X-Forwarded-For the client sent lets nobody in', async () => {
    nginx = await startNginx({
      port: await freePort(),
      upstreams: [server.base.replace('http://', '')],
      serverName: `${P} ${A} ${Q}`,
    })
    const through = (host: string, from: string, headers: Record<string, string> = {}) =>
      send(nginx!.base, '/api/v2/summary.json', { host, from, headers })
    // (The client's own address is not 127.0.0.1: that is the trusted proxy's, whose claims the service believes.)
    const plain = await through(P, '127.0.6.6')
    expect(plain.status, nginx.errors()).toBe(401)
    // nginx appends the client's address: the service takes the right-most untrusted one, 127.0.6.6, not the claim.
    const spoofed = await through(P, '127.0.6.6', { 'x-forwarded-for': '10.77.1.2' })
    expect(spoofed.status).toBe(401)
    expect(spoofed.text).not.toContain(SECRET_TITLE)
    // The positive case: a page open to 127.0.5.0/24, read from 127.0.5.5 through nginx.
    const allowed = await through(Q, '127.0.5.5')
    expect(allowed.status).toBe(200)
    expect(allowed.text).toContain(SECRET_TITLE)
    expect(allowed.headers['cache-control']).toBe('private, no-store')
    // From outside it, claiming to be inside it: refused.
    expect((await through(Q, '127.0.6.6', { 'x-forwarded-for': '127.0.5.5' })).status).toBe(403)
    // Straight to the service (no proxy between), from 127.0.5.5 too: the socket's own address lets it in.
    expect((await send(server.base, '/api/v2/summary.json', { host: Q, from: '127.0.5.5' })).status).toBe(200)
  })
})

/**
 * What only a private page lists stays its own everywhere else: the default page without *Services shown* (every
 * other service) on every host no page claims, its APIs and feeds; and the CMS REST API, which anyone may read.
 */
describe('what only a private page lists, elsewhere', () => {
  it('the default page without Services shown shows nothing of a private page', async () => {
    const cleared = await call(`${server.base}/api/globals/settings`, {
      method: 'POST',
      headers: auth,
      body: { sections: [] },
    })
    expect(cleared.status, cleared.text).toBe(200)
    try {
      for (const target of ['/', '/api/v1/incidents', '/api/v2/summary.json', '/feed.atom']) {
        const answer = await get(target, 'unknown.test')
        expect(answer.status, target).toBe(200)
        for (const secret of SECRETS) expect(answer.text, `${target} holds ${secret}`).not.toContain(secret)
      }
    } finally {
      const restored = await call(`${server.base}/api/globals/settings`, {
        method: 'POST',
        headers: auth,
        body: { sections: [{ group: websiteGroup }] },
      })
      expect(restored.status, restored.text).toBe(200)
    }
  })

  it('the CMS REST API lists nothing of a private page to a stranger', async () => {
    for (const target of ['/api/incidents?depth=0', '/api/services?depth=0']) {
      const answer = await get(target, P)
      expect(answer.status, target).toBe(200)
      for (const secret of SECRETS) expect(answer.text, `${target} holds ${secret}`).not.toContain(secret)
    }
  })
})

/** The default page (every host no page claims) made private in the settings, as a page is made private. */
describe('a default page that turns private', () => {
  it('takes back its copies, answers strangers with the sign-in, and its readers from Next only', async () => {
    const targets = ['/', '/history', '/api/v2/summary.json']
    for (const target of targets) {
      await get(target, 'unknown.test')
      expect((await get(target, 'unknown.test')).headers['x-cache'], target).toBe('HIT')
    }
    // (The mirror's directory is made by its first copy.)
    const mirrorFiles = () => (existsSync(mirrorDir) ? filesUnder(mirrorDir) : [])
    await eventually(
      'the default page in the static mirror',
      30_000,
      async () =>
        mirrorFiles().some((entry) => entry.file === 'index.html' && entry.text.includes(A_TITLE)) || undefined,
    )
    const turned = await call(`${server.base}/api/globals/settings`, {
      method: 'POST',
      headers: auth,
      body: { access: { mode: 'private', passwords: [{ label: 'Staff', password: PASSWORD }] } },
    })
    expect(turned.status, turned.text).toBe(200)
    try {
      for (const target of targets) {
        const answer = await get(target, 'unknown.test')
        expect(answer.status, target).toBe(401)
        expect(answer.headers['x-cache'], target).not.toBe('HIT')
        expect(answer.text, target).not.toContain(A_TITLE)
      }
      const cookie = await signIn('unknown.test')
      expect(cookie).toMatch(/^sp-access-0=/)
      for (let round = 0; round < 2; round++) {
        const answer = await send(server.base, '/', { host: 'unknown.test', headers: { cookie } })
        expect(answer.status).toBe(200)
        expect(answer.text).toContain(A_TITLE)
        expect(answer.headers['cache-control']).toBe('private, no-store')
        expect(answer.headers['x-cache']).not.toBe('HIT')
      }
      // Gone from the file on disk and from the mirror, which keeps no copy of a private default page.
      await eventually('the default page gone from the last good copies', 5_000, async () =>
        lastGood().includes(A_TITLE) ? undefined : true,
      )
      // Its tree is the mirror's root: nothing there but the copy's own record (.statuspage-mirror.json) and the
      // other pages' trees (hosts/).
      await eventually('the default page gone from the static mirror', 30_000, async () =>
        mirrorFiles().some((entry) => !entry.file.startsWith('hosts/') && !entry.file.startsWith('.'))
          ? undefined
          : true,
      )
    } finally {
      const opened = await call(`${server.base}/api/globals/settings`, {
        method: 'POST',
        headers: auth,
        body: { access: { mode: 'public' } },
      })
      expect(opened.status, opened.text).toBe(200)
    }
  })
})
