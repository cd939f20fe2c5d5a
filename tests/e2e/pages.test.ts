/**
 * Several status pages on one instance (docs/pages.md), through `npm start`'s edge: the page chosen by the Host
 * header and by /p/<slug>/, the response cache keeping each page's bodies apart under interleaved load and each
 * page's copies until a change touches that page (across instances too), the rate budgets per page, and nginx with
 * two server names in front of two instances sharing PostgreSQL and Redis (the configuration of
 * docs/deployment.md). What each page shows is tests/api/pages.test.ts's.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { launchChromium, seriousViolations } from '../helpers/browser'
import { createService } from '../helpers/edge'
import { startNginx, type StartedNginx } from '../helpers/nginx'
import { type OwnRedis, startRedis } from '../helpers/redis-server'
import {
  call,
  createUserKey,
  dropPostgres,
  eventually,
  firstAdminKey,
  freePort,
  postgresEnv,
  root,
  type Started,
  startService,
  stopServices,
} from '../helpers/service'

const A = 'status-a.test'
const B = 'status-b.test'
/** Public reads per client address per minute (and per page): small, so that one page's is quick to spend. */
const BUDGET = 30
let server: Started
let other: Started
let redis: OwnRedis | undefined
let nginx: StartedNginx | undefined
let env: Record<string, string> | undefined
let auth: Record<string, string>
let mirrorDir: string
let browser: Browser | undefined
let billing: number
let website: number
const ADMIN_EMAIL = 'pages-admin@example.test'
const ADMIN_PASSWORD = 'pages-admin-password-1234'

/** A fresh client address per read (the instances trust the loopback's X-Forwarded-For), so no test spends another's budget. */
let readers = 0
const reader = () => {
  readers += 1
  return `10.0.${Math.floor(readers / 250)}.${1 + (readers % 250)}`
}

const get = (path: string, host: string, base = server.base, from = reader()) =>
  call(`${base}${path}`, { headers: { host, 'x-forwarded-for': from } })
const nameOf = (html: string) => /<span class="name">([^<]*)<\/span>/.exec(html)?.[1]

beforeAll(async () => {
  // A configured public URL: the default page's links use it, yet the host still chooses the page.
  mirrorDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'sp-pages-mirror-')), 'mirror')
  redis = await startRedis(await freePort())
  env = {
    ...firstAdminKey(),
    ...(await postgresEnv('pages_')),
    REDIS_URL: redis.url,
    STATUSPAGE_TEST_HOOKS: '1',
    PUBLIC_URL: `https://${A}`,
    TRUSTED_PROXIES: '127.0.0.1',
    RATE_LIMIT_PUBLIC_PER_MINUTE: String(BUDGET),
    ADMIN_EMAIL: ADMIN_EMAIL,
    ADMIN_PASSWORD: ADMIN_PASSWORD,
  }
  // The first migrates the database; one instance writes the mirror.
  server = await startService({ ...env, STATIC_MIRROR_DIR: mirrorDir })
  other = await startService(env)
  auth = { authorization: `users API-Key ${await createUserKey(server, 'admin')}` }
  website = await createService(server.base, auth, 'Website')
  billing = await createService(server.base, auth, 'Billing')
  const groupOf = async (id: number) =>
    (await call(`${server.base}/api/services/${id}`, { headers: auth })).json().group.id
  const settings = await call(`${server.base}/api/globals/settings`, {
    method: 'POST',
    headers: auth,
    body: { siteName: 'Acme status', sections: [{ group: await groupOf(website), services: [website] }] },
  })
  expect(settings.status, settings.text).toBe(200)
  const page = await call(`${server.base}/api/pages`, {
    method: 'POST',
    headers: auth,
    body: { name: 'Acme Pay status', slug: 'pay', hosts: [{ host: B }], sections: [{ group: await groupOf(billing) }] },
  })
  expect(page.status, page.text).toBe(201)
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await nginx?.stop()
  stopServices([server, other].filter(Boolean))
  await redis?.stop()
  if (mirrorDir) rmSync(path.dirname(mirrorDir), { recursive: true, force: true })
  await new Promise((resolve) => setTimeout(resolve, 1000))
  await dropPostgres(env?.DATABASE_URL)
})

describe('the edge', () => {
  it('answers each host with its page, and a host no page claims with the default page', async () => {
    const b = await get('/', B)
    expect(b.status).toBe(200)
    expect(nameOf(b.text)).toBe('Acme Pay status')
    expect(b.text).toContain('Billing')
    expect(b.text).not.toContain('Website')
    expect(nameOf((await get('/', A)).text)).toBe('Acme status')
    expect(nameOf((await get('/', 'unknown.test')).text)).toBe('Acme status')
    expect((await get('/api/v2/summary.json', B)).json().page.name).toBe('Acme Pay status')
  })

  it('serves the same page at /p/<slug>/ on any host, its links under the prefix; an unknown slug is a 404', async () => {
    const byPath = await get('/p/pay/', A)
    expect(byPath.status).toBe(200)
    expect(nameOf(byPath.text)).toBe('Acme Pay status')
    expect(byPath.text).toContain('href="/p/pay/history"')
    const history = await get('/p/pay/history', A)
    expect(history.status).toBe(200)
    expect(nameOf(history.text)).toBe('Acme Pay status')
    const api = (await get('/p/pay/api/v1/status', A)).json().data
    expect(api.serviceGroups.flatMap((g: { services: { name: string }[] }) => g.services.map((s) => s.name))).toEqual([
      'Billing',
    ])
    expect((await get('/p/nothing/', A)).status).toBe(404)
    expect((await get('/p/nothing/api/v1/status', A)).status).toBe(404)
  })

  it("never serves one page's cached body for another under interleaved requests", async () => {
    const paths = ['/', '/api/v1/status', '/p/pay/', '/feed.atom']
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) => {
        const host = n % 2 ? A : B
        const path = paths[n % paths.length]
        return get(path, host).then((answer) => ({ host, path, answer }))
      }),
    )
    for (const { host, path, answer } of answers) {
      expect(answer.status, `${host}${path}`).toBe(200)
      const expected = host === B || path.startsWith('/p/pay') ? 'Acme Pay status' : 'Acme status'
      expect(answer.text, `${host}${path}`).toContain(expected)
      // Neither name holds the other.
      expect(answer.text, `${host}${path}`).not.toContain(
        expected === 'Acme status' ? 'Acme Pay status' : 'Acme status',
      )
    }
    // Each body came from the cache once warm: the edge kept the pages apart, it did not just skip caching.
    expect((await get('/', B)).headers['x-cache']).toBe('HIT')
    expect((await get('/p/pay/', A)).headers['x-cache']).toBe('HIT')
  })
})

describe("each page's cached copies", () => {
  /** Reads `path` on `host` until it comes from the cache (the second read of a warm entry). */
  const warm = async (path: string, host: string, base: string) => {
    await get(path, host, base)
    const again = await get(path, host, base)
    expect(again.headers['x-cache'], `${host}${path} on ${base}`).toBe('HIT')
  }
  const incidentOn = async (service: number, name: string) => {
    const created = await call(`${server.base}/api/incidents`, {
      method: 'POST',
      headers: auth,
      body: {
        title: name,
        affectedServices: [service],
        updates: [{ status: 'investigating', message: `${name} is being looked at.` }],
      },
    })
    expect(created.status, created.text).toBe(201)
  }

  it("stay fresh on both instances while a write touches another page's services, and go when one touches theirs", async () => {
    for (const base of [server.base, other.base]) {
      await warm('/', A, base)
      await warm('/', B, base)
      await warm('/api/v2/summary.json', A, base)
    }
    await incidentOn(billing, 'Card payments failing')
    for (const base of [server.base, other.base]) {
      // B's copies went (on the other instance once the bus told it), A's stayed: the write touched only B's service.
      const b = await eventually(`B's page shows the incident on ${base}`, 10_000, async () => {
        const answer = await get('/', B, base)
        return answer.text.includes('Card payments failing') ? answer : undefined
      })
      expect(b.headers['x-cache']).not.toBe('HIT')
      const a = await get('/', A, base)
      expect(a.headers['x-cache'], base).toBe('HIT')
      expect(a.text).not.toContain('Card payments failing')
      expect((await get('/api/v2/summary.json', A, base)).headers['x-cache'], base).toBe('HIT')
    }
    // A write to A's service: A's copies go, B's stay.
    await warm('/', B, other.base)
    const renamed = await call(`${server.base}/api/services/${website}`, {
      method: 'PATCH',
      headers: auth,
      body: { description: 'The public website.' },
    })
    expect(renamed.status, renamed.text).toBe(200)
    await eventually('A read again on the other instance', 10_000, async () =>
      (await get('/', A, other.base)).headers['x-cache'] !== 'HIT' ? true : undefined,
    )
    expect((await get('/', B, other.base)).headers['x-cache']).toBe('HIT')
  })
})

describe('the rate budgets', () => {
  it("are per page: an address that spent one page's has the other's whole", async () => {
    const from = '10.9.9.9'
    for (let n = 0; n < BUDGET; n++) expect((await get('/api/v2/status.json', B, server.base, from)).status).toBe(200)
    const refused = await get('/api/v2/status.json', B, server.base, from)
    expect(refused.status).toBe(429)
    // The same page by its path form is the same budget; the default page's is whole.
    expect((await get('/p/pay/api/v2/status.json', A, server.base, from)).status).toBe(429)
    const a = await get('/api/v2/status.json', A, server.base, from)
    expect(a.status).toBe(200)
    expect(a.headers['ratelimit-remaining']).toBe(String(BUDGET - 1))
    // A host no page claims spends the default page's budget: inventing hosts opens no new budget.
    expect((await get('/api/v2/status.json', 'invented.test', server.base, from)).headers['ratelimit-remaining']).toBe(
      String(BUDGET - 2),
    )
  })
})

describe('the static mirror', () => {
  it("keeps each page's copy in its host's tree, the default page's at the root", async () => {
    const read = (file: string) => {
      try {
        return readFileSync(path.join(mirrorDir, file), 'utf8')
      } catch {
        return ''
      }
    }
    const copies = await eventually('both pages in the mirror', 20_000, async () => {
      const b = read('hosts/status-b.test/index.html')
      const a = read('index.html')
      return nameOf(b) === 'Acme Pay status' && nameOf(a) === 'Acme status' ? { a, b } : undefined
    })
    expect(copies.b).toContain('Billing')
    expect(copies.a).not.toContain('Billing')
    expect(JSON.parse(read('hosts/status-b.test/api/v1/status.json')).data.siteName).toBe('Acme Pay status')
  })
})

describe('nginx with two server names', () => {
  it('sends each host to its page, whichever of the two instances answers', async () => {
    nginx = await startNginx({
      port: await freePort(),
      upstreams: [server, other].map((instance) => instance.base.replace('http://', '')),
      serverName: `${A} ${B}`,
    })
    for (let round = 0; round < 2; round++) {
      // Round-robin: two reads of a host reach both instances.
      expect(nameOf((await get('/history', B, nginx.base)).text)).toBe('Acme Pay status')
      expect(nameOf((await get('/history', A, nginx.base)).text)).toBe('Acme status')
    }
    const b = await get('/', B, nginx.base)
    expect(b.status, nginx.errors()).toBe(200)
    expect(nameOf(b.text)).toBe('Acme Pay status')
    expect(nameOf((await get('/', A, nginx.base)).text)).toBe('Acme status')
    // B has no public URL of its own: its links are made from the host nginx passed on.
    expect((await get('/api/v2/status.json', B, nginx.base)).json().page.url).toBe(`http://${B}`)
  })
})

describe('in the browser', () => {
  const signIn = async (page: Page) => {
    await page.goto(`${server.base}/admin/login`)
    await page.fill('input[name="email"]', ADMIN_EMAIL)
    await page.fill('input[name="password"]', ADMIN_PASSWORD)
    await page.click('button[type="submit"]')
    await page.waitForURL(`${server.base}/admin`)
  }

  it('keeps a reader on the page at its /p/<slug>/ address from link to link, and it passes axe', async () => {
    browser ??= await launchChromium()
    const page = await browser.newPage({ viewport: { width: 1024, height: 800 } })
    await page.goto(`${server.base}/p/pay/`)
    expect(await page.locator('.brand .name').innerText()).toBe('Acme Pay status')
    await page.screenshot({ path: path.join(root, 'docs', 'screenshots', 'pages-other-page.png'), fullPage: true })
    expect(await seriousViolations(page, '/p/pay/')).toEqual([])
    await page.getByRole('link', { name: 'History', exact: true }).first().click()
    await page.waitForURL(`${server.base}/p/pay/history`)
    expect(await page.locator('.brand .name').innerText()).toBe('Acme Pay status')
    await page.close()
  })

  it('lists the pages in the admin, each with a link to it as visitors see it', async () => {
    browser ??= await launchChromium()
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await signIn(page)
    await page.goto(`${server.base}/admin/collections/pages`)
    await page.getByRole('link', { name: 'Acme Pay status' }).click()
    const view = page.getByRole('link', { name: /View page/ })
    await view.waitFor()
    expect(await view.getAttribute('href')).toBe('/p/pay/')
    await page.screenshot({ path: path.join(root, 'docs', 'screenshots', 'pages-admin.png') })
    await page.close()
  })

  it("switches the incident list between the pages, each showing its page's incidents, the one shown marked", async () => {
    const incident = async (title: string, service: number) => {
      const created = await call(`${server.base}/api/incidents`, {
        method: 'POST',
        headers: auth,
        body: { title, affectedServices: [service], updates: [{ status: 'investigating', message: 'Looking' }] },
      })
      expect(created.status, created.text).toBe(201)
    }
    await incident('Website pages load slowly', website)
    await incident('Card payments fail', billing)
    browser ??= await launchChromium()
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await signIn(page)
    const switcher = page.getByRole('navigation', { name: 'Pages' })
    const choice = (name: string) => switcher.getByRole('link', { name, exact: true })
    const listed = () => page.locator('.table tbody tr').allInnerTexts()
    // Which pages' incidents are listed (B's: every incident on Billing, an earlier test's too).
    const titles = async () => [...new Set((await listed()).map((row) => (row.includes('Card') ? 'B' : 'A')))].sort()
    const marked = async () => (await switcher.locator('a[aria-current="page"]').allInnerTexts()).join()

    await page.goto(`${server.base}/admin/collections/incidents`)
    await expect.poll(titles).toEqual(['A', 'B'])
    expect(await marked()).toBe('All pages')
    expect(await switcher.getByRole('link', { name: 'View page: Acme Pay status' }).getAttribute('href')).toBe(
      '/p/pay/',
    )
    expect(await switcher.getByRole('link', { name: 'View page: Acme status' }).getAttribute('href')).toBe('/')

    await choice('Acme Pay status').click()
    await expect.poll(marked).toBe('Acme Pay status')
    expect(await titles()).toEqual(['B'])
    await page.screenshot({ path: path.join(root, 'docs', 'screenshots', 'pages-switcher.png') })
    expect(await seriousViolations(page, 'page switcher', { include: ['nav[aria-label="Pages"]'] })).toEqual([])

    await choice('Acme status').click()
    await expect.poll(marked).toBe('Acme status')
    expect(await titles()).toEqual(['A'])

    await choice('All pages').click()
    await expect.poll(marked).toBe('All pages')
    expect(await titles()).toEqual(['A', 'B'])
    await page.close()
  })
})
