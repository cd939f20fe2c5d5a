/**
 * Share links and feed tokens of private pages (docs/private-pages.md): a share link is exchanged for the page's
 * access cookie, which works while the link exists, is not revoked and has not expired; a feed token opens the page's
 * feeds and calendar, and nothing else; the token is shown once, in the create response; only administrators hold
 * links, and only private pages have them.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import * as exchange from '@/app/(site)/access/link/[token]/route'
import * as home from '@/app/(site)/route'
import * as feed from '@/app/(site)/feed.atom/route'
import * as calendar from '@/app/(site)/maintenances.ics/route'
import * as serviceFeed from '@/app/(site)/s/[slug]/feed.rss/route'
import * as serviceRoute from '@/app/(site)/s/[slug]/route'
import * as groupCalendar from '@/app/(site)/g/[slug]/maintenances.ics/route'
import { CLIENT_ADDRESS_HEADER, PAGE_SLUG_HEADER, PUBLIC_ORIGIN_HEADER, SCHEME_HEADER } from '@/runtime/headers'
import { api, BASE, createUser, payload, type TestUser } from '../helpers/api'

type Handler = (request: Request, context: { params: Promise<any> }) => Promise<Response>

const on = (host: string, address: string) => ({
  [PUBLIC_ORIGIN_HEADER]: `https://${host}`,
  [SCHEME_HEADER]: 'https',
  [CLIENT_ADDRESS_HEADER]: address,
})
const HOST_A = 'team-a.links.test'
const HOST_B = 'team-b.links.test'
const HOUR = 3600_000
let admin: TestUser
let editor: TestUser
let pageA: number
let pageB: number
let publicPage: number
let address = 10

/** A client address of its own per call, so the sign-in throttle never mixes tests. */
const fresh = () => `198.51.100.${address++}`

async function call(route: { GET: Handler }, path: string, headers: Record<string, string>, params: object = {}) {
  const response = await route.GET(new Request(new URL(path, BASE), { headers }), {
    params: Promise.resolve(params),
  })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

async function page(name: string, slug: string, host: string, mode: 'private' | 'public') {
  const created = await api('POST', '/pages', {
    key: admin.key,
    body: {
      name,
      slug,
      hosts: [{ host }],
      access: mode === 'private' ? { mode, passwords: [{ label: 'Staff', password: 'a long staff password' }] } : {},
    },
  })
  expect(created.status, created.text).toBe(201)
  return created.body.doc.id as number
}

async function createLink(
  pageId: number,
  kind: 'share' | 'feed',
  expiresAt: Date | null = new Date(Date.now() + HOUR),
) {
  const created = await api('POST', '/access-links', {
    key: admin.key,
    body: {
      page: pageId,
      kind,
      label: `${kind} for someone`,
      ...(expiresAt && { expiresAt: expiresAt.toISOString() }),
    },
  })
  expect(created.status, created.text).toBe(201)
  return created.body.doc as { id: number; token: string; link: string }
}

/** The share link's exchange on `host`: the answer, and the cookie it set (as a Cookie header), if any. */
async function follow(token: string, host = HOST_A) {
  const answer = await call(exchange, `/access/link/${token}`, on(host, fresh()), { token })
  return { ...answer, cookie: answer.headers.get('set-cookie')?.split(';')[0] ?? null }
}

const opensHome = async (cookie: string, host = HOST_A) =>
  (await call(home, '/', { ...on(host, fresh()), cookie })).status

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  pageA = await page('Team A status', 'team-a', HOST_A, 'private')
  pageB = await page('Team B status', 'team-b', HOST_B, 'private')
  publicPage = await page('Open status', 'open-links', 'open.links.test', 'public')
})

afterEach(() => {
  vi.useRealTimers()
})

describe('a share link', () => {
  it('is shown once as an address under the page, and exchanged for a cookie that opens the page', async () => {
    const link = await createLink(pageA, 'share')
    expect(link.link).toMatch(new RegExp(`/p/team-a/access/link/${link.token}$`))
    const followed = await follow(link.token)
    expect(followed.status).toBe(303)
    // The token leaves the address bar: on to the page, and no referrer or cache keeps it.
    expect(followed.headers.get('location')).toBe('/')
    expect(followed.headers.get('referrer-policy')).toBe('no-referrer')
    expect(followed.headers.get('cache-control')).toBe('no-store')
    const setCookie = followed.headers.get('set-cookie')!
    expect(setCookie).toMatch(new RegExp(`^sp-access-${pageA}=l${link.id}\\.\\d+\\.[\\w-]{43}; Path=/; Max-Age=\\d+;`))
    // No longer than the link lasts.
    expect(Number(/Max-Age=(\d+)/.exec(setCookie)![1])).toBeLessThanOrEqual(3600)
    expect(await opensHome(followed.cookie!)).toBe(200)
    // Without it, the sign-in.
    expect((await call(home, '/', on(HOST_A, fresh()))).status).toBe(401)
  })

  it('lets its reader in only while it exists and is not revoked', async () => {
    const deleted = await createLink(pageA, 'share')
    const { cookie } = await follow(deleted.token)
    expect(await opensHome(cookie!)).toBe(200)
    expect((await api('DELETE', `/access-links/${deleted.id}`, { key: admin.key })).status).toBe(200)
    expect(await opensHome(cookie!)).toBe(401)
    expect((await follow(deleted.token)).status).toBe(404)

    const revoked = await createLink(pageA, 'share')
    const second = await follow(revoked.token)
    expect(await opensHome(second.cookie!)).toBe(200)
    const patched = await api('PATCH', `/access-links/${revoked.id}`, { key: admin.key, body: { revoked: true } })
    expect(patched.status, patched.text).toBe(200)
    expect(await opensHome(second.cookie!)).toBe(401)
  })

  it('is refused once expired, and its cookie stops with it', async () => {
    const past = await createLink(pageA, 'share', new Date(Date.now() - 60_000))
    const refused = await follow(past.token)
    expect(refused.status).toBe(404)
    expect(refused.cookie).toBeNull()
    expect(refused.text).toContain('This link is not valid')
    // In the page's name, saying nothing of why.
    expect(refused.text).toContain('Team A status')
    expect(refused.text).not.toMatch(/expired at|revoked|deleted/i)

    const soon = await createLink(pageA, 'share', new Date(Date.now() + HOUR))
    const { cookie } = await follow(soon.token)
    expect(await opensHome(cookie!)).toBe(200)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 2 * HOUR)
    expect(await opensHome(cookie!)).toBe(401)
  })

  it("is refused on another page's host, and its cookie opens its own page only", async () => {
    const link = await createLink(pageA, 'share')
    expect((await follow(link.token, HOST_B)).status).toBe(404)
    const { cookie } = await follow(link.token)
    // Renamed for page B, the cookie is still page A's link.
    const renamed = cookie!.replace(`sp-access-${pageA}=`, `sp-access-${pageB}=`)
    expect(await opensHome(renamed, HOST_B)).toBe(401)
  })

  it('answers a token that cannot be one with the same page, never a 500', async () => {
    for (const token of ['nonsense', 'spl_' + 'A'.repeat(43), '%ZZ', 'x'.repeat(5000)]) {
      const answer = await follow(token)
      expect(answer.status, token.slice(0, 20)).toBe(404)
      expect(answer.text).toContain('This link is not valid')
    }
  })
})

describe('a feed token', () => {
  it("opens its page's feeds and calendar, and nothing else", async () => {
    const token = await createLink(pageA, 'feed', null)
    expect(token.link).toMatch(new RegExp(`/p/team-a/feed\\.atom\\?token=${token.token}$`))
    const query = `?token=${token.token}`
    const atom = await call(feed, `/feed.atom${query}`, on(HOST_A, fresh()))
    expect(atom.status).toBe(200)
    expect(atom.text).toContain('Team A status')
    expect(atom.headers.get('cache-control')).toBe('private, no-store')
    expect((await call(calendar, `/maintenances.ics${query}`, on(HOST_A, fresh()))).status).toBe(200)
    // Not the page itself, not another page's feed, not without it.
    expect((await call(home, `/${query}`, on(HOST_A, fresh()))).status).toBe(401)
    expect((await call(feed, `/feed.atom${query}`, on(HOST_B, fresh()))).status).toBe(401)
    expect((await call(feed, '/feed.atom', on(HOST_A, fresh()))).status).toBe(401)
    // By the page's path form too.
    const byPath = { ...on('status.links.test', fresh()), [PAGE_SLUG_HEADER]: 'team-a' }
    expect((await call(feed, `/feed.atom${query}`, byPath)).status).toBe(200)
  })

  it("opens a service's and a group's feeds and calendar on its page, and not their pages", async () => {
    const p = await payload()
    const group = await p.create({ collection: 'service-groups', data: { name: 'Team tools' }, overrideAccess: true })
    const wiki = await p.create({
      collection: 'services',
      data: { name: 'Team wiki', group: group.id, status: 'operational' },
      overrideAccess: true,
    })
    const sections = await api('PATCH', `/pages/${pageA}`, {
      key: admin.key,
      body: { sections: [{ group: group.id, services: [wiki.id] }] },
    })
    expect(sections.status, sections.text).toBe(200)
    const token = await createLink(pageA, 'feed', null)
    const query = `?token=${token.token}`
    const own = await call(serviceFeed, `/s/team-wiki/feed.rss${query}`, on(HOST_A, fresh()), { slug: 'team-wiki' })
    expect(own.status).toBe(200)
    expect(own.text).toContain('Team A status · Team wiki')
    expect(own.headers.get('cache-control')).toBe('private, no-store')
    const params = { slug: 'team-tools' }
    expect(
      (await call(groupCalendar, `/g/team-tools/maintenances.ics${query}`, on(HOST_A, fresh()), params)).status,
    ).toBe(200)
    // Not the service's page, not without the token, not another page's token.
    expect((await call(serviceRoute, `/s/team-wiki${query}`, on(HOST_A, fresh()), { slug: 'team-wiki' })).status).toBe(
      401,
    )
    expect((await call(serviceFeed, '/s/team-wiki/feed.rss', on(HOST_A, fresh()), { slug: 'team-wiki' })).status).toBe(
      401,
    )
    const other = await createLink(pageB, 'feed', null)
    const withOther = `/s/team-wiki/feed.rss?token=${other.token}`
    expect((await call(serviceFeed, withOther, on(HOST_A, fresh()), { slug: 'team-wiki' })).status).toBe(401)
  })

  it('is refused once deleted, revoked or expired; a share link is no feed token', async () => {
    const share = await createLink(pageA, 'share')
    expect((await call(feed, `/feed.atom?token=${share.token}`, on(HOST_A, fresh()))).status).toBe(401)

    const deleted = await createLink(pageA, 'feed', null)
    expect((await api('DELETE', `/access-links/${deleted.id}`, { key: admin.key })).status).toBe(200)
    expect((await call(feed, `/feed.atom?token=${deleted.token}`, on(HOST_A, fresh()))).status).toBe(401)

    const revoked = await createLink(pageA, 'feed', null)
    await api('PATCH', `/access-links/${revoked.id}`, { key: admin.key, body: { revoked: true } })
    expect((await call(feed, `/feed.atom?token=${revoked.token}`, on(HOST_A, fresh()))).status).toBe(401)

    const expired = await createLink(pageA, 'feed', new Date(Date.now() - 60_000))
    expect((await call(feed, `/feed.atom?token=${expired.token}`, on(HOST_A, fresh()))).status).toBe(401)
  })
})

describe('the links themselves', () => {
  it('never show their token again, to anyone', async () => {
    const link = await createLink(pageA, 'share')
    for (const key of [admin.key, editor.key, undefined]) {
      for (const path of [`/access-links/${link.id}`, '/access-links?limit=100']) {
        const read = await api('GET', path, { key })
        expect(read.text).not.toContain(link.token)
        expect(read.text).not.toContain('tokenHash')
      }
    }
    const read = await api('GET', `/access-links/${link.id}`, { key: admin.key })
    expect(read.status).toBe(200)
    expect(read.body.label).toBe('share for someone')
  })

  it('belong to private pages only, and a share link needs an end', async () => {
    const open = await api('POST', '/access-links', {
      key: admin.key,
      body: { page: publicPage, kind: 'feed', label: 'Someone' },
    })
    expect(open.status).toBe(400)
    expect(open.text).toContain('"path":"page"')
    const endless = await api('POST', '/access-links', {
      key: admin.key,
      body: { page: pageA, kind: 'share', label: 'Someone' },
    })
    expect(endless.status).toBe(400)
    expect(endless.text).toContain('"path":"expiresAt"')
  })

  it('are for administrators: 401 without credentials, 403 for an editor', async () => {
    const link = await createLink(pageA, 'feed', null)
    const body = { page: pageA, kind: 'feed', label: 'Someone' }
    expect((await api('POST', '/access-links', { body })).status).toBe(401)
    expect((await api('POST', '/access-links', { key: editor.key, body })).status).toBe(403)
    expect((await api('GET', `/access-links/${link.id}`)).status).toBe(401)
    expect((await api('GET', `/access-links/${link.id}`, { key: editor.key })).status).toBe(403)
    expect((await api('DELETE', `/access-links/${link.id}`)).status).toBe(401)
    expect((await api('DELETE', `/access-links/${link.id}`, { key: editor.key })).status).toBe(403)
    expect((await call(feed, `/feed.atom?token=${link.token}`, on(HOST_A, fresh()))).status).toBe(200)
  })

  it('get a new address from an administrator, which retires the old one and the access it gave', async () => {
    const link = await createLink(pageA, 'share')
    const { cookie } = await follow(link.token)
    expect((await api('POST', `/access-links/${link.id}/token`, { key: editor.key, body: {} })).status).toBe(403)
    expect((await api('POST', `/access-links/${link.id}/token`, { body: {} })).status).toBe(401)
    const renewed = await api('POST', `/access-links/${link.id}/token`, { key: admin.key, body: {} })
    expect(renewed.status, renewed.text).toBe(200)
    expect(renewed.headers.get('cache-control')).toBe('no-store')
    expect(renewed.body.link).toMatch(new RegExp(`/p/team-a/access/link/${renewed.body.token}$`))
    expect(await opensHome(cookie!)).toBe(401)
    expect((await follow(link.token)).status).toBe(404)
    expect(await opensHome((await follow(renewed.body.token)).cookie!)).toBe(200)
  })

  it('go with their page when it is deleted', async () => {
    const doomed = await page('Doomed status', 'doomed-links', 'doomed.links.test', 'private')
    const link = await createLink(doomed, 'share')
    expect((await api('DELETE', `/pages/${doomed}`, { key: admin.key })).status).toBe(200)
    expect((await api('GET', `/access-links/${link.id}`, { key: admin.key })).status).toBe(404)
  })
})
