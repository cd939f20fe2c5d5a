/**
 * Private pages (docs/private-pages.md): a page behind a password or a network. Every public route of the page,
 * asked without access, answers 401 (the sign-in) or 403 (the network refusal) and nothing of its content; a right
 * password gives a cookie for that page only; the password never comes back out. The edge's part (no private byte in
 * the cache, the mirror or the copies on disk; the browser's sign-in) is tests/e2e/private-pages.test.ts's.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import * as signIn from '@/app/(site)/access/route'
import * as signOut from '@/app/(site)/access/sign-out/route'
import { CLIENT_ADDRESS_HEADER, PAGE_SLUG_HEADER, PUBLIC_ORIGIN_HEADER, SCHEME_HEADER } from '@/runtime/headers'
import { faviconSvg } from '@/site/favicon'
import { api, createUser, graphql, payload, type TestUser } from '../helpers/api'
import { callRoute as call, everyPublicRoute } from '../helpers/site-routes'

const gql = async (query: string) => (await graphql(query)).text

const HOST = 'internal.test'
const onPrivate = (address = '192.0.2.10') => ({
  [PUBLIC_ORIGIN_HEADER]: `https://${HOST}`,
  [SCHEME_HEADER]: 'https',
  [CLIENT_ADDRESS_HEADER]: address,
})
const PASSWORD = 'employees-only-2026'
const SECRET_TITLE = 'Payroll batch stuck'
const SECRET_SERVICE = 'Payroll'
let admin: TestUser
let pageId: number
let shortId: string
let incidentId: number

beforeAll(async () => {
  admin = await createUser('admin')
  const p = await payload()
  const group = await p.create({ collection: 'service-groups', data: { name: 'Internal' }, overrideAccess: true })
  const service = await p.create({
    collection: 'services',
    data: { name: SECRET_SERVICE, group: group.id, status: 'operational' },
    overrideAccess: true,
  })
  const open = await p.create({ collection: 'service-groups', data: { name: 'Public' }, overrideAccess: true })
  await p.create({
    collection: 'services',
    data: { name: 'Public website', group: open.id, status: 'operational' },
    overrideAccess: true,
  })
  const created = await api('POST', '/pages', {
    key: admin.key,
    body: {
      name: 'Acme internal status',
      slug: 'internal',
      hosts: [{ host: HOST }],
      sections: [{ group: group.id }],
      access: { mode: 'private', passwords: [{ label: 'Staff', password: PASSWORD }] },
    },
  })
  expect(created.status, created.text).toBe(201)
  pageId = created.body.doc.id
  const incident = await api('POST', '/incidents', {
    key: admin.key,
    body: {
      title: SECRET_TITLE,
      affectedServices: [service.id],
      updates: [{ status: 'investigating', message: 'Salaries are delayed.' }],
    },
  })
  expect(incident.status, incident.text).toBe(201)
  shortId = incident.body.doc.shortId
  incidentId = incident.body.doc.id
})

describe('a private page, without access', () => {
  it('answers every public route with the sign-in or a 401, and nothing of its content', async () => {
    for (const [path, route, params] of await everyPublicRoute({ shortId, service: 'payroll', group: 'internal' })) {
      const answer = await call(route, 'GET', path, onPrivate(), { params })
      if (path === '/favicon.ico') {
        // The default icon, in no status's colour.
        expect(answer.text, path).toBe(faviconSvg('neutral'))
        continue
      }
      expect(answer.status, path).toBe(401)
      // (The path itself comes back, as where to go after signing in.)
      for (const secret of [SECRET_TITLE, SECRET_SERVICE, 'Salaries'])
        expect(answer.text, `${path} holds ${secret}`).not.toContain(secret)
      expect(answer.headers.get('cache-control'), path).toBe('private, no-store')
      expect(answer.headers.get('x-robots-tag'), path).toBe('noindex')
    }
  })

  it('shows the sign-in in the page’s name, asking no search engine to list it', async () => {
    const home = await call(await import('@/app/(site)/route'), 'GET', '/', onPrivate())
    expect(home.text).toContain('Acme internal status')
    expect(home.text).toContain('<form method="post" action="/access"')
    expect(home.text).toContain('<meta name="robots" content="noindex">')
    // By the path form too, its form posting under the prefix.
    const byPath = await call(await import('@/app/(site)/route'), 'GET', '/', {
      [PUBLIC_ORIGIN_HEADER]: 'https://status.example.test',
      [PAGE_SLUG_HEADER]: 'internal',
    })
    expect(byPath.status).toBe(401)
    expect(byPath.text).toContain('action="/p/internal/access"')
  })
})

describe("a private page's services and incidents, elsewhere", () => {
  const onDefault = { [PUBLIC_ORIGIN_HEADER]: 'https://status.example.test', [CLIENT_ADDRESS_HEADER]: '192.0.2.99' }

  it('stay off the default page, which shows every other service', async () => {
    const home = await call(await import('@/app/(site)/route'), 'GET', '/', onDefault)
    expect(home.status).toBe(200)
    const status = await call(await import('@/app/api/v1/status/route'), 'GET', '/api/v1/status', onDefault)
    const incidents = await call(await import('@/app/api/v1/incidents/route'), 'GET', '/api/v1/incidents', onDefault)
    const summary = await call(
      await import('@/app/api/v2/summary.json/route'),
      'GET',
      '/api/v2/summary.json',
      onDefault,
    )
    for (const answer of [home, status, incidents, summary])
      for (const secret of [SECRET_TITLE, SECRET_SERVICE, 'Internal']) expect(answer.text).not.toContain(secret)
    expect(status.text).toContain('Public website')
    const privateService = await call(await import('@/app/(site)/s/[slug]/route'), 'GET', '/s/payroll', onDefault, {
      params: { slug: 'payroll' },
    })
    expect(privateService.status).toBe(404)
  })

  it("stay out of a stranger's CMS reads, REST and GraphQL; editors read them as before", async () => {
    const strangers = [
      await api('GET', '/incidents?limit=100'),
      await api('GET', '/services?limit=100'),
      await api('GET', '/service-groups?limit=100'),
      await api('GET', `/incidents/${incidentId}`),
    ]
    for (const read of strangers)
      for (const secret of [SECRET_TITLE, SECRET_SERVICE, 'Salaries']) expect(read.text).not.toContain(secret)
    expect(strangers[1].text).toContain('Public website')
    expect(strangers[3].status).toBe(404)
    const graphql = await gql('{ Incidents { docs { title } } Services { docs { name } } }')
    expect(graphql).not.toContain(SECRET_TITLE)
    expect(graphql).not.toContain(SECRET_SERVICE)
    const editor = await createUser('editor')
    expect((await api('GET', '/incidents?limit=100', { key: editor.key })).text).toContain(SECRET_TITLE)
    expect((await api('GET', '/services?limit=100', { key: editor.key })).text).toContain(SECRET_SERVICE)
  })
})

describe('signing in', () => {
  const post = (body: string, address?: string) => call(signIn, 'POST', '/access', onPrivate(address), { body })

  it('refuses a wrong password, and lets the right one in with a cookie for this page only', async () => {
    const wrong = await post(`password=nope&next=%2Fhistory`, '192.0.2.20')
    expect(wrong.status).toBe(401)
    expect(wrong.text).toContain('That password is not right.')
    expect(wrong.text).not.toContain(SECRET_TITLE)
    const right = await post(`password=${PASSWORD}&next=%2Fhistory`, '192.0.2.20')
    expect(right.status).toBe(303)
    expect(right.headers.get('location')).toBe('/history')
    const cookie = right.headers.get('set-cookie')!
    expect(cookie).toMatch(
      new RegExp(`^sp-access-${pageId}=\\d+\\.[\\w-]{43}; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax; Secure$`),
    )
    const history = await call(await import('@/app/(site)/history/route'), 'GET', '/history', {
      ...onPrivate('192.0.2.20'),
      cookie: cookie.split(';')[0],
    })
    expect(history.status).toBe(200)
    expect(history.text).toContain(SECRET_TITLE)
    expect(history.headers.get('cache-control')).toBe('private, no-store')
    expect(history.text).toContain('<meta name="robots" content="noindex">')
    expect(history.text).toContain('<form method="post" action="/access/sign-out">')
    // A forged or altered cookie is no access.
    // (A character inside the signature: the last one holds two bits that decode to nothing.)
    const forged = cookie.split(';')[0].replace(/(\.[\w-]{10})(.)/, (_, head, c) => head + (c === 'A' ? 'B' : 'A'))
    const refused = await call(await import('@/app/(site)/history/route'), 'GET', '/history', {
      ...onPrivate(),
      cookie: forged,
    })
    expect(refused.status).toBe(401)
  })

  it('goes back to a path of this site only', async () => {
    const right = await post(`password=${PASSWORD}&next=${encodeURIComponent('//evil.test/x')}`, '192.0.2.21')
    expect(right.headers.get('location')).toBe('/')
  })

  it('throttles guesses per address and page, with Retry-After', async () => {
    let last = await post('password=guess', '192.0.2.30')
    for (let n = 0; n < 12 && last.status !== 429; n++) last = await post(`password=guess-${n}`, '192.0.2.30')
    expect(last.status).toBe(429)
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0)
    // Even the right password waits.
    expect((await post(`password=${PASSWORD}`, '192.0.2.30')).status).toBe(429)
  })

  it('signs out, and a change of passwords signs out everyone it let in', async () => {
    const right = await post(`password=${PASSWORD}`, '192.0.2.40')
    const cookie = right.headers.get('set-cookie')!.split(';')[0]
    const out = await call(signOut, 'POST', '/access/sign-out', onPrivate('192.0.2.40'))
    expect(out.status).toBe(303)
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`^sp-access-${pageId}=; Path=/; Max-Age=0`))
    const changed = await api('PATCH', `/pages/${pageId}`, {
      key: admin.key,
      body: { access: { mode: 'private', passwords: [{ label: 'Staff 2027', password: 'a-new-password-2027' }] } },
    })
    expect(changed.status, changed.text).toBe(200)
    const home = await call(await import('@/app/(site)/route'), 'GET', '/', { ...onPrivate('192.0.2.40'), cookie })
    expect(home.status).toBe(401)
    const again = await api('PATCH', `/pages/${pageId}`, {
      key: admin.key,
      body: { access: { mode: 'private', passwords: [{ label: 'Staff', password: PASSWORD }] } },
    })
    expect(again.status, again.text).toBe(200)
  })
})

describe('subscribing to a private page', () => {
  it('needs access, and takes e-mail only: no endpoint a reader typed gets its news', async () => {
    const subscribe = await import('@/app/api/subscribe/route')
    const ask = (body: object, headers: Record<string, string>) =>
      call(
        subscribe,
        'POST',
        '/api/subscribe',
        { ...headers, 'content-type': 'application/json' },
        {
          body: JSON.stringify(body),
        },
      )
    const webhook = { type: 'webhook', url: 'https://hooks.example.test/x', email: 'ops@example.test' }
    expect((await ask(webhook, onPrivate('192.0.2.60'))).status).toBe(401)
    const right = await call(signIn, 'POST', '/access', onPrivate('192.0.2.60'), { body: `password=${PASSWORD}` })
    const withAccess = { ...onPrivate('192.0.2.60'), cookie: right.headers.get('set-cookie')!.split(';')[0] }
    const refused = await ask(webhook, withAccess)
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('e-mail only')
    const form = await call(await import('@/app/(site)/subscribe/route'), 'GET', '/subscribe', withAccess)
    expect(form.status).toBe(200)
    expect(form.text).not.toContain('name="phone"')
  })
})

describe("a page's ways in", () => {
  it('never shows a password or its hash, to anyone', async () => {
    for (const key of [admin.key, (await createUser('editor')).key]) {
      const read = await api('GET', `/pages/${pageId}?depth=0`, { key })
      expect(read.status).toBe(200)
      expect(read.text).not.toContain(PASSWORD)
      expect(read.text).not.toContain('scrypt$')
    }
    // A stranger reads nothing of a private page through the CMS API: not its name, not even that it exists.
    const anonymous = await api('GET', `/pages/${pageId}?depth=0`)
    expect(anonymous.status).toBe(404)
    const listed = await api('GET', '/pages?depth=0&limit=100')
    expect(listed.status).toBe(200)
    for (const secret of ['Acme internal status', 'Staff', HOST]) expect(listed.text).not.toContain(secret)
    expect(await gql('{ Pages { docs { name } } }')).not.toContain('Acme internal status')
  })

  it('keeps a password when a save leaves it empty', async () => {
    const read = await api('GET', `/pages/${pageId}?depth=0`, { key: admin.key })
    const rows = read.body.access.passwords
    const saved = await api('PATCH', `/pages/${pageId}`, {
      key: admin.key,
      body: { access: { mode: 'private', passwords: rows.map((row: object) => ({ ...row, password: '' })) } },
    })
    expect(saved.status, saved.text).toBe(200)
    const right = await call(signIn, 'POST', '/access', onPrivate('192.0.2.50'), { body: `password=${PASSWORD}` })
    expect(right.status).toBe(303)
  })

  it('lets a listed network in without a password, and tells others why not', async () => {
    const networked = await api('POST', '/pages', {
      key: admin.key,
      body: {
        name: 'Office status',
        slug: 'office',
        hosts: [{ host: 'office.test' }],
        access: { mode: 'private', networks: [{ network: '10.1.0.0/16' }, { network: '2001:db8::/32' }] },
      },
    })
    expect(networked.status, networked.text).toBe(201)
    const home = await import('@/app/(site)/route')
    const from = (address: string) =>
      call(home, 'GET', '/', { [PUBLIC_ORIGIN_HEADER]: 'https://office.test', [CLIENT_ADDRESS_HEADER]: address })
    expect((await from('10.1.2.3')).status).toBe(200)
    expect((await from('2001:db8::5')).status).toBe(200)
    expect((await from('::ffff:10.1.2.3')).status).toBe(200)
    const outside = await from('10.2.0.1')
    expect(outside.status).toBe(403)
    expect(outside.text).toContain('open only to certain networks')
    expect(outside.text).not.toContain('<form')
  })

  it('refuses a network that is not one, a short password, and a private page with no way in, naming the field', async () => {
    const bad = async (access: object, field: string) => {
      const answer = await api('POST', '/pages', { key: admin.key, body: { name: 'Bad', access } })
      expect(answer.status, answer.text).toBe(400)
      expect(answer.text).toContain(field)
    }
    await bad({ mode: 'private', networks: [{ network: '10.0.0.0/40' }] }, 'access.networks.0.network')
    await bad({ mode: 'private', passwords: [{ label: 'x', password: 'short' }] }, 'access.passwords.0.password')
    await bad({ mode: 'private' }, 'access.passwords')
  })
})
