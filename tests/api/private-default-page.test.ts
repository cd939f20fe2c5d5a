/**
 * A private default page (docs/private-pages.md): the settings' access makes every address no other page claims
 * private, as a page's makes its own. Without access, every public route answers 401 and nothing of its content; the
 * settings (its name and texts) are no stranger's to read; a right password, a share link or a feed token lets in,
 * with the cookie `sp-access-0`; a public page beside it stays open, and a stranger's CMS reads hold only what public
 * pages show.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import * as signIn from '@/app/(site)/access/route'
import * as exchange from '@/app/(site)/access/link/[token]/route'
import * as home from '@/app/(site)/route'
import * as feed from '@/app/(site)/feed.atom/route'
import { CLIENT_ADDRESS_HEADER, PUBLIC_ORIGIN_HEADER, SCHEME_HEADER } from '@/runtime/headers'
import { faviconSvg } from '@/site/favicon'
import { api, createUser, graphql, payload, type TestUser } from '../helpers/api'
import { callRoute as call, everyPublicRoute } from '../helpers/site-routes'

const SITE = 'Acme staff status'
const PASSWORD = 'whole-site-staff-2026'
const SECRET_TITLE = 'Build farm on fire'
const SECRET_SERVICE = 'Build farm'
const PUBLIC_HOST = 'status.acme-pay.test'

let admin: TestUser
let shortId: string
let address = 10
/** A client address of its own per call, so the sign-in throttle never mixes tests. */
const onDefault = (extra: Record<string, string> = {}) => ({
  [PUBLIC_ORIGIN_HEADER]: 'https://status.acme.test',
  [SCHEME_HEADER]: 'https',
  [CLIENT_ADDRESS_HEADER]: `198.51.100.${address++}`,
  ...extra,
})

async function signedIn(): Promise<string> {
  const right = await call(signIn, 'POST', '/access', onDefault(), { body: `password=${PASSWORD}` })
  expect(right.status, right.text).toBe(303)
  return right.headers.get('set-cookie')!
}

beforeAll(async () => {
  admin = await createUser('admin')
  const p = await payload()
  const group = await p.create({ collection: 'service-groups', data: { name: 'Engineering' }, overrideAccess: true })
  const service = await p.create({
    collection: 'services',
    data: { name: SECRET_SERVICE, group: group.id, status: 'major' },
    overrideAccess: true,
  })
  const payments = await p.create({ collection: 'service-groups', data: { name: 'Payments' }, overrideAccess: true })
  await p.create({
    collection: 'services',
    data: { name: 'Card payments', group: payments.id, status: 'operational' },
    overrideAccess: true,
  })
  const incident = await api('POST', '/incidents', {
    key: admin.key,
    body: {
      title: SECRET_TITLE,
      affectedServices: [service.id],
      updates: [{ status: 'investigating', message: 'Every build is queued.' }],
    },
  })
  expect(incident.status, incident.text).toBe(201)
  shortId = incident.body.doc.shortId
  // A public page for customers beside the private whole site.
  const open = await api('POST', '/pages', {
    key: admin.key,
    body: { name: 'Acme Pay status', slug: 'pay', hosts: [{ host: PUBLIC_HOST }], sections: [{ group: payments.id }] },
  })
  expect(open.status, open.text).toBe(201)
  const settings = await api('POST', '/globals/settings', {
    key: admin.key,
    body: { siteName: SITE, access: { mode: 'private', passwords: [{ label: 'Staff', password: PASSWORD }] } },
  })
  expect(settings.status, settings.text).toBe(200)
})

describe('a private default page, without access', () => {
  it('answers every public route with the sign-in or a 401, and nothing of its content', async () => {
    for (const [path, route, params] of await everyPublicRoute({
      shortId,
      service: 'build-farm',
      group: 'engineering',
    })) {
      const answer = await call(route, 'GET', path, onDefault(), { params })
      if (path === '/favicon.ico') {
        expect(answer.text, path).toBe(faviconSvg('neutral'))
        continue
      }
      expect(answer.status, path).toBe(401)
      for (const secret of [SECRET_TITLE, SECRET_SERVICE, 'Every build', 'Engineering'])
        expect(answer.text, `${path} holds ${secret}`).not.toContain(secret)
      expect(answer.headers.get('cache-control'), path).toBe('private, no-store')
      expect(answer.headers.get('x-robots-tag'), path).toBe('noindex')
    }
    const signInPage = await call(home, 'GET', '/', onDefault())
    expect(signInPage.text).toContain(`<title>Sign in · ${SITE}</title>`)
    expect(signInPage.text).toContain('<form method="post" action="/access"')
  })

  it('keeps its settings from strangers, REST and GraphQL, and its records out of their CMS reads', async () => {
    // No session: 401, as every refusal of a stranger.
    const settings = await api('GET', '/globals/settings')
    expect(settings.status).toBe(401)
    expect(settings.text).not.toContain(SITE)
    expect(await (await graphql('{ Settings { siteName } }')).text).not.toContain(SITE)
    const reads = [await api('GET', '/incidents?limit=100'), await api('GET', '/services?limit=100')]
    for (const read of reads)
      for (const secret of [SECRET_TITLE, SECRET_SERVICE]) expect(read.text).not.toContain(secret)
    // The public page's service is public.
    expect(reads[1].text).toContain('Card payments')
    // An editor reads everything, as before.
    const editor = await createUser('editor')
    expect((await api('GET', '/globals/settings', { key: editor.key })).body.siteName).toBe(SITE)
    expect((await api('GET', '/incidents?limit=100', { key: editor.key })).text).toContain(SECRET_TITLE)
  })

  it('leaves the public page beside it open to anyone, with nothing of the private one', async () => {
    const open = await call(home, 'GET', '/', { ...onDefault(), [PUBLIC_ORIGIN_HEADER]: `https://${PUBLIC_HOST}` })
    expect(open.status).toBe(200)
    expect(open.text).toContain('Card payments')
    expect(open.text).not.toContain(SECRET_SERVICE)
    expect(open.headers.get('cache-control')).not.toContain('private')
  })
})

describe('a reader of the private default page', () => {
  it('signs in with a password: a cookie for the default page, on every path of the site', async () => {
    const cookie = await signedIn()
    expect(cookie).toMatch(/^sp-access-0=\d+\.[\w-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/)
    const read = await call(home, 'GET', '/', onDefault({ cookie: cookie.split(';')[0] }))
    expect(read.status).toBe(200)
    expect(read.text).toContain(SECRET_SERVICE)
    expect(read.headers.get('cache-control')).toBe('private, no-store')
    // The cookie opens the default page only: the public page's readers need none, and a private page's is its own.
    const forged = `sp-access-0=${cookie.split(';')[0].split('=')[1].replace(/^\d+/, '9999999999')}`
    expect((await call(home, 'GET', '/', onDefault({ cookie: forged }))).status).toBe(401)
  })

  it('comes in by a share link without a page (the default page’s), and a feed token opens its feed', async () => {
    const share = await api('POST', '/access-links', {
      key: admin.key,
      body: { label: 'Auditor', kind: 'share', expiresAt: new Date(Date.now() + 3600_000).toISOString() },
    })
    expect(share.status, share.text).toBe(201)
    // Under the site's base: no /p/<slug>.
    const token = share.body.doc.token
    expect(share.body.doc.link).toMatch(new RegExp(`^https?://[^/]+/access/link/${token}$`))
    const exchanged = await call(exchange, 'GET', `/access/link/${token}`, onDefault(), { params: { token } })
    expect(exchanged.status).toBe(303)
    const cookie = exchanged.headers.get('set-cookie')!.split(';')[0]
    expect(cookie).toMatch(/^sp-access-0=l\d+\./)
    expect((await call(home, 'GET', '/', onDefault({ cookie }))).text).toContain(SECRET_SERVICE)

    const feedToken = await api('POST', '/access-links', { key: admin.key, body: { label: 'Feed', kind: 'feed' } })
    expect(feedToken.status, feedToken.text).toBe(201)
    const feedUrl = new URL(feedToken.body.doc.link)
    expect(feedUrl.pathname).toBe('/feed.atom')
    const read = await call(feed, 'GET', `/feed.atom${feedUrl.search}`, onDefault())
    expect(read.status).toBe(200)
    expect(read.text).toContain(SECRET_TITLE)
    expect((await call(feed, 'GET', '/feed.atom?token=wrong', onDefault())).status).toBe(401)
  })
})

describe("the default page's ways in", () => {
  it('refuses a private default page without a way in, and never shows its password', async () => {
    const none = await api('POST', '/globals/settings', {
      key: admin.key,
      body: { access: { mode: 'private', passwords: [] } },
    })
    expect(none.status).toBe(400)
    expect(none.text).toContain('a private page needs a password')
    const read = await api('GET', '/globals/settings', { key: admin.key })
    expect(read.status).toBe(200)
    expect(read.text).not.toContain(PASSWORD)
    expect(read.text).not.toContain('scrypt$')
    // Still private, with its password.
    expect((await call(home, 'GET', '/', onDefault())).status).toBe(401)
    await signedIn()
  })

  it('opens to anyone again once public', async () => {
    const opened = await api('POST', '/globals/settings', { key: admin.key, body: { access: { mode: 'public' } } })
    expect(opened.status, opened.text).toBe(200)
    const read = await call(home, 'GET', '/', onDefault())
    expect(read.status).toBe(200)
    expect(read.headers.get('cache-control')).not.toContain('private')
    expect((await api('GET', '/globals/settings')).body.siteName).toBe(SITE)
  })
})

describe('a private default page with no public page beside it', () => {
  it("leaves a stranger's CMS reads empty: nothing is public", async () => {
    const p = await payload()
    await p.delete({ collection: 'pages', where: { slug: { equals: 'pay' } }, overrideAccess: true })
    const closed = await api('POST', '/globals/settings', {
      key: admin.key,
      body: { access: { mode: 'private', passwords: [{ label: 'Staff', password: PASSWORD }] } },
    })
    expect(closed.status, closed.text).toBe(200)
    const [incidents, services, groups] = [
      await api('GET', '/incidents?limit=100'),
      await api('GET', '/services?limit=100'),
      await api('GET', '/service-groups?limit=100'),
    ]
    expect(incidents.body.docs).toEqual([])
    expect(services.body.docs).toEqual([])
    expect(groups.body.docs).toEqual([])
    const editor = await createUser('editor')
    expect((await api('GET', '/services?limit=100', { key: editor.key })).text).toContain('Card payments')
  })
})
