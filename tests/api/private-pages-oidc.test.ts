/**
 * Sign-in to a private page with its identity provider (docs/private-pages.md, "Sign-in with your identity
 * provider"), against a real OpenID provider (oidc-provider, OpenID-certified) on loopback, its login and consent
 * forms driven over HTTP with a cookie jar as a browser would. A user of an allowed domain gets the page's access
 * cookie; a user outside is refused; a used state, a token for another client and an expired token are refused; a
 * reader who cancels at the provider, or a provider's error answer, gets a 401 page saying so (the error's code, not
 * its description); the client secret never comes back out.
 */
import { createHash, randomBytes } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

// The provider lives on loopback over plain http: the outbound policy allows exactly that here.
process.env.OUTBOUND_ALLOW_HTTP = 'true'
process.env.OUTBOUND_ALLOWED_NETWORKS = '127.0.0.1/32'
// E-mail is a channel the page offers (nothing is sent: the confirmation waits in the queue, which no test drains).
process.env.SMTP_URL ??= 'smtp://127.0.0.1:9'

import * as start from '@/app/(site)/access/oidc/route'
import * as callback from '@/app/(site)/access/oidc/callback/route'
import { REVEAL_SECRETS } from '@/fields/secret'
import {
  CLIENT_ADDRESS_HEADER,
  LOCALE_HEADER,
  PAGE_SLUG_HEADER,
  PUBLIC_ORIGIN_HEADER,
  SCHEME_HEADER,
} from '@/runtime/headers'
import { api, BASE, createUser, payload, type TestUser } from '../helpers/api'
import {
  signInAtProvider as signInAtProviderAs,
  startOidcProvider,
  type StartedOidcProvider,
} from '../helpers/oidc-provider'

const HOST = 'staff.test'
const REDIRECT_URI = `https://${HOST}/access/oidc/callback`
const CLIENT_ID = 'status-page'
const CLIENT_SECRET = 'oidc-client-secret-7f3a9c2e51d8'
const OTHER_CLIENT = { id: 'other-app', secret: 'other-app-secret-0b4d6e8f' }
const SECRET_TITLE = 'Badge readers offline'
const USERS: Record<string, Record<string, unknown>> = {
  ana: { email: 'ana@example.com', email_verified: true, groups: ['staff'] },
  eve: { email: 'eve@elsewhere.test', email_verified: true, groups: ['guests'] },
  unverified: { email: 'mallory@example.com', email_verified: false, groups: [] },
}
const headers = {
  [PUBLIC_ORIGIN_HEADER]: `https://${HOST}`,
  [SCHEME_HEADER]: 'https',
  [CLIENT_ADDRESS_HEADER]: '192.0.2.9',
}

let provider: StartedOidcProvider | undefined
let issuer: string
let admin: TestUser
let pageId: number
/** The provider's ID token lifetime, in seconds (the expired-token case shortens it). */
let idTokenSeconds = 3600
/** Runs after each token response of the provider (the cases that tamper with the provider's answer set it). */
let afterToken: ((body: Record<string, unknown>) => void) | null = null

async function startProvider() {
  provider = await startOidcProvider({
    clients: [{ id: CLIENT_ID, secret: CLIENT_SECRET }, OTHER_CLIENT],
    redirectUris: [REDIRECT_URI],
    accounts: USERS,
    idTokenSeconds: () => idTokenSeconds,
    afterToken: (body) => afterToken?.(body),
  })
  issuer = provider.issuer
}

/** Signs `login` in at the provider as a browser would: the redirect to our callback. */
const signInAtProvider = (authorization: string, login: string, options: { cancelAt?: 'login' | 'consent' } = {}) =>
  signInAtProviderAs(authorization, login, REDIRECT_URI, options)

type Handler = (request: Request, context: { params: Promise<object> }) => Promise<Response>

async function call(handler: Handler, path: string, extra: Record<string, string> = {}) {
  const response = await handler(new Request(new URL(path, BASE), { headers: { ...headers, ...extra } }), {
    params: Promise.resolve({}),
  })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

const cookiePair = (setCookie: string) => setCookie.split(';')[0]

/** Our start (GET /access/oidc): the provider's authorization URL and the state cookie. */
async function begin(next = '/history') {
  const started = await call(start.GET as Handler, `/access/oidc?next=${encodeURIComponent(next)}`)
  expect(started.status, started.text).toBe(303)
  const location = started.headers.get('location')!
  expect(location.startsWith(`${issuer}/auth?`)).toBe(true)
  return { location, stateCookie: cookiePair(started.headers.getSetCookie()[0]) }
}

/** The provider's redirect, arriving at our callback with the browser's state cookie. */
const arrive = (redirect: URL, stateCookie: string | null) =>
  call(callback.GET as Handler, `/access/oidc/callback${redirect.search}`, stateCookie ? { cookie: stateCookie } : {})

const accessCookieOf = (response: { headers: Headers }) =>
  response.headers.getSetCookie().find((set) => set.startsWith(`sp-access-${pageId}=`) && !set.includes('Max-Age=0'))

beforeAll(async () => {
  await startProvider()
  admin = await createUser('admin')
  const created = await api('POST', '/pages', {
    key: admin.key,
    body: {
      name: 'Acme staff status',
      slug: 'staff',
      hosts: [{ host: HOST }],
      access: {
        mode: 'private',
        oidc: {
          issuer,
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          label: 'Acme ID',
          allowedDomains: [{ domain: 'example.com' }],
        },
      },
    },
  })
  expect(created.status, created.text).toBe(201)
  pageId = created.body.doc.id
  const incident = await api('POST', '/incidents', {
    key: admin.key,
    body: { title: SECRET_TITLE, pages: [pageId], updates: [{ status: 'investigating', message: 'Doors stay shut.' }] },
  })
  expect(incident.status, incident.text).toBe(201)
})

afterAll(async () => {
  await provider?.stop()
})

describe('signing in with the identity provider', () => {
  it('offers the provider on the sign-in page', async () => {
    const home = await call((await import('@/app/(site)/route')).GET as Handler, '/')
    expect(home.status).toBe(401)
    expect(home.text).toContain('href="/access/oidc?next=%2F"')
    expect(home.text).toContain('Sign in with Acme ID')
    expect(home.text).not.toContain('type="password"')
    expect(home.text).not.toContain(SECRET_TITLE)
    // By the path form, the provider sends the reader back under the prefix, where the state cookie is.
    const byPath = await call(start.GET as Handler, '/access/oidc', {
      [PUBLIC_ORIGIN_HEADER]: 'https://status.example.test',
      [PAGE_SLUG_HEADER]: 'staff',
    })
    expect(new URL(byPath.headers.get('location')!).searchParams.get('redirect_uri')).toBe(
      'https://status.example.test/p/staff/access/oidc/callback',
    )
    expect(byPath.headers.get('set-cookie')).toContain('; Path=/p/staff/access/oidc;')
  })

  it('lets a user of an allowed domain in, with the page’s access cookie, back where they were', async () => {
    const { location, stateCookie } = await begin('/history')
    const url = new URL(location)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI)
    expect(stateCookie).toMatch(new RegExp(`^sp-oidc-${pageId}=v1\\.`))
    const answered = await arrive(await signInAtProvider(location, 'ana'), stateCookie)
    expect(answered.status, answered.text).toBe(303)
    expect(answered.headers.get('location')).toBe('/history')
    const access = accessCookieOf(answered)!
    expect(access).toMatch(/; HttpOnly; SameSite=Lax; Secure$/)
    // The state is spent.
    expect(answered.headers.getSetCookie()).toContainEqual(
      expect.stringMatching(new RegExp(`^sp-oidc-${pageId}=;.*Max-Age=0`)),
    )
    const history = await call((await import('@/app/(site)/history/route')).GET as Handler, '/history', {
      cookie: cookiePair(access),
    })
    expect(history.status).toBe(200)
    expect(history.text).toContain(SECRET_TITLE)
    expect(history.headers.get('cache-control')).toBe('private, no-store')
  })

  it("sends its news only to addresses that may sign in: a reader's subscription of another address is a 400", async () => {
    const { location, stateCookie } = await begin('/')
    const access = accessCookieOf(await arrive(await signInAtProvider(location, 'ana'), stateCookie))!
    const subscribe = async (email: string) => {
      const response = await (
        await import('@/app/api/subscribe/route')
      ).POST(
        new Request(new URL('/api/subscribe', BASE), {
          method: 'POST',
          headers: { ...headers, cookie: cookiePair(access), 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'email', email }),
        }),
      )
      return { status: response.status, text: await response.text() }
    }
    const outside = await subscribe('someone@elsewhere.test')
    expect(outside.status).toBe(400)
    expect(outside.text).toContain('only to addresses that may sign in')
    expect((await subscribe('ana@example.com')).status).toBe(200)
  })

  it('refuses a user outside the allowed domains, and an address the provider did not verify, with a 403', async () => {
    for (const login of ['eve', 'unverified']) {
      const { location, stateCookie } = await begin()
      const refused = await arrive(await signInAtProvider(location, login), stateCookie)
      expect(refused.status, login).toBe(403)
      expect(refused.text).toContain('This account may not read this page')
      expect(refused.text).toContain('Acme staff status')
      expect(refused.text).not.toContain(SECRET_TITLE)
      expect(accessCookieOf(refused)).toBeUndefined()
    }
  })

  it('refuses a used state: again with a copy of its cookie, or without it', async () => {
    const { location, stateCookie } = await begin()
    const redirect = await signInAtProvider(location, 'ana')
    expect((await arrive(redirect, stateCookie)).status).toBe(303)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const replayed = await arrive(redirect, stateCookie)
      expect(replayed.status).toBe(502)
      expect(replayed.text).toContain('The sign-in could not be completed')
      expect(accessCookieOf(replayed)).toBeUndefined()
    } finally {
      warn.mockRestore()
    }
    const withoutCookie = await arrive(redirect, null)
    expect(withoutCookie.status).toBe(400)
    expect(withoutCookie.text).toContain('This sign-in has expired')
    expect(accessCookieOf(withoutCookie)).toBeUndefined()
    // A state of another sign-in does not answer this one.
    const other = await begin()
    const quiet = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      expect((await arrive(redirect, other.stateCookie)).status).toBe(502)
      expect(String(quiet.mock.calls.at(-1))).toMatch(/"state"/)
    } finally {
      quiet.mockRestore()
    }
  })

  it('signs out everyone it let in when the provider changes', async () => {
    const { location, stateCookie } = await begin('/')
    const access = cookiePair(accessCookieOf(await arrive(await signInAtProvider(location, 'ana'), stateCookie))!)
    const home = await import('@/app/(site)/route')
    expect((await call(home.GET as Handler, '/', { cookie: access })).status).toBe(200)
    const setUp = (clientId: string, clientSecret: string) =>
      api('PATCH', `/pages/${pageId}`, {
        key: admin.key,
        body: {
          access: {
            mode: 'private',
            oidc: { issuer, clientId, clientSecret, allowedDomains: [{ domain: 'example.com' }], label: 'Acme ID' },
          },
        },
      })
    expect((await setUp(OTHER_CLIENT.id, OTHER_CLIENT.secret)).status).toBe(200)
    try {
      expect((await call(home.GET as Handler, '/', { cookie: access })).status).toBe(401)
    } finally {
      expect((await setUp(CLIENT_ID, CLIENT_SECRET)).status).toBe(200)
    }
  })

  it('refuses an ID token issued to another client', async () => {
    const { location, stateCookie } = await begin()
    // A real token of the provider's for another client, with our nonce: all it lacks is our client as audience.
    const theirs = new URL(location)
    const verifier = randomBytes(32).toString('base64url')
    theirs.searchParams.set('client_id', OTHER_CLIENT.id)
    theirs.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'))
    const code = (await signInAtProvider(theirs.href, 'ana')).searchParams.get('code')!
    const exchanged = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${OTHER_CLIENT.id}:${OTHER_CLIENT.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      }),
    })
    const foreign = ((await exchanged.json()) as { id_token: string }).id_token
    const redirect = await signInAtProvider(location, 'ana')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    afterToken = (body) => {
      body.id_token = foreign
    }
    try {
      const refused = await arrive(redirect, stateCookie)
      expect(refused.status).toBe(502)
      expect(accessCookieOf(refused)).toBeUndefined()
      expect(String(warn.mock.calls.at(-1))).toMatch(/"aud"/)
    } finally {
      afterToken = null
      warn.mockRestore()
    }
  })

  it('refuses an expired ID token', async () => {
    const { location, stateCookie } = await begin()
    const redirect = await signInAtProvider(location, 'ana')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    idTokenSeconds = 1
    // The token lives one second; our clock reads it two minutes later (past openid-client's 30 s tolerance).
    vi.useFakeTimers({ toFake: ['Date'] })
    afterToken = () => vi.setSystemTime(Date.now() + 120_000)
    try {
      const refused = await arrive(redirect, stateCookie)
      expect(refused.status).toBe(502)
      expect(accessCookieOf(refused)).toBeUndefined()
      expect(String(warn.mock.calls.at(-1))).toMatch(/"exp"/)
    } finally {
      vi.useRealTimers()
      afterToken = null
      idTokenSeconds = 3600
      warn.mockRestore()
    }
  })
})

describe('a sign-in the provider sends back without one', () => {
  it('says the sign-in was cancelled when the reader cancels there: a 401 in the page’s style, the way back', async () => {
    for (const cancelAt of ['login', 'consent'] as const) {
      const { location, stateCookie } = await begin('/history')
      const redirect = await signInAtProvider(location, 'ana', { cancelAt })
      expect(redirect.searchParams.get('error')).toBe('access_denied')
      const answered = await arrive(redirect, stateCookie)
      expect(answered.status, cancelAt).toBe(401)
      expect(answered.headers.get('cache-control')).toBe('private, no-store')
      expect(answered.headers.get('www-authenticate')).toBe('Cookie realm="status page"')
      expect(answered.headers.get('x-robots-tag')).toBe('noindex')
      expect(answered.text).toContain('<meta name="robots" content="noindex">')
      expect(answered.text).toContain('<h1>The sign-in was cancelled</h1>')
      expect(answered.text).toContain('The sign-in with Acme ID was cancelled or declined')
      expect(answered.text).toContain('Acme staff status')
      expect(answered.text).toContain('<a href="/history">Back to the sign-in</a>')
      expect(answered.text).not.toContain(SECRET_TITLE)
      // The provider's own words stay out.
      expect(answered.text).not.toContain('End-User aborted interaction')
      expect(accessCookieOf(answered)).toBeUndefined()
      // The state is spent.
      expect(answered.headers.getSetCookie()).toContainEqual(
        expect.stringMatching(new RegExp(`^sp-oidc-${pageId}=;.*Max-Age=0`)),
      )
    }
  })

  it('names another error by its code alone, escaped, never by the provider’s description', async () => {
    const { location, stateCookie } = await begin('/')
    const state = new URL(location).searchParams.get('state')!
    // The provider's error answers, as it would send them: with this sign-in's state and its issuer.
    const answer = (params: Record<string, string>) =>
      arrive(new URL(`${REDIRECT_URI}?${new URLSearchParams({ ...params, state, iss: issuer })}`), stateCookie)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const refused = await answer({ error: 'login_required', error_description: '<img src=x onerror=alert(1)>' })
      expect(refused.status).toBe(401)
      expect(refused.headers.get('cache-control')).toBe('private, no-store')
      expect(refused.text).toContain('<h1>The sign-in was refused</h1>')
      expect(refused.text).toContain('(error code “login_required”)')
      expect(refused.text).not.toContain('onerror')
      expect(refused.text).not.toContain(SECRET_TITLE)
      expect(accessCookieOf(refused)).toBeUndefined()
      // Its description goes to the server log.
      expect(String(warn.mock.calls.at(-1))).toContain('"<img src=x onerror=alert(1)>"')
      const odd = await answer({ error: 'odd<b>code' })
      expect(odd.status).toBe(401)
      expect(odd.text).toContain('(error code “odd&lt;b&gt;code”)')
      expect(odd.text).not.toContain('<b>')
      // An error with another sign-in's state answers nothing of this one: the sign-in could not be completed.
      const forged = await arrive(
        new URL(`${REDIRECT_URI}?${new URLSearchParams({ error: 'access_denied', state: 'forged', iss: issuer })}`),
        stateCookie,
      )
      expect(forged.status).toBe(502)
    } finally {
      warn.mockRestore()
    }
  })
})

describe('a sign-in in another language than the page’s', () => {
  /** Our start at /<locale>/access/oidc (the edge took the prefix off and named the language). */
  async function beginIn(locale: string, next: string) {
    const started = await call(start.GET as Handler, `/access/oidc?next=${encodeURIComponent(next)}`, {
      [LOCALE_HEADER]: locale,
    })
    expect(started.status, started.text).toBe(303)
    return { location: started.headers.get('location')!, stateCookie: cookiePair(started.headers.getSetCookie()[0]) }
  }

  it('offers the provider in the reader’s language, and returns them to it after the callback', async () => {
    const page = await call((await import('@/app/(site)/route')).GET as Handler, '/history', { [LOCALE_HEADER]: 'de' })
    expect(page.status).toBe(401)
    expect(page.text).toContain('href="/de/access/oidc?next=%2Fhistory">Mit Acme ID anmelden</a>')
    const { location, stateCookie } = await beginIn('de', '/history')
    // The provider knows one callback, without a language.
    expect(new URL(location).searchParams.get('redirect_uri')).toBe(REDIRECT_URI)
    const answered = await arrive(await signInAtProvider(location, 'ana'), stateCookie)
    expect(answered.status, answered.text).toBe(303)
    expect(answered.headers.get('location')).toBe('/de/history')
    expect(accessCookieOf(answered)).toBeDefined()
  })

  it('says a cancelled or refused sign-in in the reader’s language, with the way back under its prefix', async () => {
    const cancelled = await beginIn('ar', '/history')
    const answered = await arrive(
      await signInAtProvider(cancelled.location, 'ana', { cancelAt: 'login' }),
      cancelled.stateCookie,
    )
    expect(answered.status).toBe(401)
    expect(answered.text).toMatch(/<html lang="ar" dir="rtl"[ >]/)
    expect(answered.text).toContain('<h1>أُلغي تسجيل الدخول</h1>')
    expect(answered.text).toContain('<a href="/ar/history">العودة إلى تسجيل الدخول</a>')
    const refused = await beginIn('de', '/')
    const outsider = await arrive(await signInAtProvider(refused.location, 'eve'), refused.stateCookie)
    expect(outsider.status).toBe(403)
    expect(outsider.text).toContain('<h1>Dieses Konto darf diese Seite nicht lesen</h1>')
    expect(outsider.text).toContain('Sie haben sich als eve@elsewhere.test angemeldet')
    expect(outsider.text).toContain('<a href="/de/">Zurück zur Anmeldung</a>')
  })
})

describe("the provider's client secret", () => {
  it('is stored sealed, and never comes back out, to anyone', async () => {
    for (const key of [admin.key, (await createUser('editor')).key]) {
      const read = await api('GET', `/pages/${pageId}?depth=0`, { key })
      expect(read.status).toBe(200)
      expect(read.text).not.toContain(CLIENT_SECRET)
      expect(read.text).not.toContain('clientSecret')
    }
    // A stranger does not read a private page at all.
    const anonymous = await api('GET', `/pages/${pageId}?depth=0`)
    expect(anonymous.status).toBe(404)
    expect(anonymous.text).not.toContain(issuer)
    const stored = await (await payload()).findByID({ collection: 'pages', id: pageId, context: REVEAL_SECRETS })
    expect(stored.access?.oidc?.clientSecret).toMatch(/^v1\./)
    expect(stored.access?.oidc?.clientSecret).not.toContain(CLIENT_SECRET)
  })

  it('is kept when a save leaves it empty, and a set-up without a rule on who may enter is refused', async () => {
    const read = await api('GET', `/pages/${pageId}?depth=0`, { key: admin.key })
    const saved = await api('PATCH', `/pages/${pageId}`, {
      key: admin.key,
      body: { access: { ...read.body.access, oidc: { ...read.body.access.oidc, clientSecret: '' } } },
    })
    expect(saved.status, saved.text).toBe(200)
    const { location, stateCookie } = await begin()
    expect((await arrive(await signInAtProvider(location, 'ana'), stateCookie)).status).toBe(303)
    const noRule = await api('POST', '/pages', {
      key: admin.key,
      body: { name: 'Open to all', access: { mode: 'private', oidc: { issuer, clientId: 'x', clientSecret: 'y' } } },
    })
    expect(noRule.status).toBe(400)
    expect(noRule.text).toContain('access.oidc.allowedDomains')
  })
})
