/**
 * Single sign-on for operators (docs/operating.md, "Single sign-on for operators") against a real OpenID provider
 * (oidc-provider) on loopback, its forms driven over HTTP: the login page's link, roles mapped from groups at the
 * first sign-in and brought in line at later ones, a user removed from the groups or outside the allowed domains
 * refused, an ID token for another client and a bad state refused, password sign-in refused when turned off (API
 * keys still work), and no second step after the provider's sign-in.
 */
import { createHash, randomBytes } from 'node:crypto'

import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { signInAtProvider, startOidcProvider, type StartedOidcProvider } from '../helpers/oidc-provider'

type Helpers = typeof import('../helpers/api')

const BASE = 'http://localhost:3000'
const REDIRECT_URI = `${BASE}/api/users/sso/callback`
const CLIENT = { id: 'status-admin', secret: 'sso-client-secret-5e1f0a9b77' }
const OTHER_CLIENT = { id: 'other-app', secret: 'other-app-secret-0b4d6e8f' }
const ACCOUNTS: Record<string, Record<string, unknown>> = {
  ana: { email: 'ana@example.com', email_verified: true, name: 'Ana', groups: ['status-admins'] },
  ed: { email: 'ed@example.com', email_verified: true, groups: ['status-editors'] },
  mover: { email: 'mover@example.com', email_verified: true, groups: ['status-editors'] },
  outsider: { email: 'outsider@example.com', email_verified: true, groups: ['sales'] },
  foreign: { email: 'boss@elsewhere.test', email_verified: true, groups: ['status-admins'] },
}

let provider: StartedOidcProvider
let h: Helpers
let afterToken: ((body: Record<string, unknown>) => void) | null = null

beforeAll(async () => {
  provider = await startOidcProvider({
    clients: [CLIENT, OTHER_CLIENT],
    redirectUris: [REDIRECT_URI],
    accounts: ACCOUNTS,
    afterToken: (body) => afterToken?.(body),
  })
  // The configuration is read once, at the first use: set before the service is loaded.
  Object.assign(process.env, {
    OUTBOUND_ALLOW_HTTP: 'true',
    OUTBOUND_ALLOWED_NETWORKS: '127.0.0.1/32',
    SSO_ISSUER: provider.issuer,
    SSO_CLIENT_ID: CLIENT.id,
    SSO_CLIENT_SECRET: CLIENT.secret,
    SSO_LABEL: 'Acme ID',
    SSO_ADMIN_GROUPS: 'status-admins',
    SSO_EDITOR_GROUPS: 'status-editors, on-call',
    SSO_ALLOWED_DOMAINS: 'example.com',
    SSO_PASSWORD_SIGN_IN: 'false',
  })
  h = await import('../helpers/api')
})

afterAll(async () => {
  await provider?.stop()
})

/** GET /api/users/sso: the provider's authorization address and the state cookie. */
async function begin() {
  const started = await h.api('GET', '/users/sso')
  expect(started.status, started.text).toBe(303)
  const stateCookie = started.headers.getSetCookie()[0]
  expect(stateCookie).toMatch(/^sp-sso-state=[^;]+; Path=\/api\/users\/sso; Max-Age=600; HttpOnly; SameSite=Lax/)
  return { location: started.headers.get('location')!, stateCookie: stateCookie.split(';')[0] }
}

const arrive = (redirect: URL, cookie: string | null) =>
  h.api('GET', `/users/sso/callback${redirect.search}`, { headers: cookie ? { cookie } : {} })

async function ssoSignIn(login: string) {
  const { location, stateCookie } = await begin()
  return arrive(await signInAtProvider(location, login, REDIRECT_URI), stateCookie)
}

const sessionOf = (response: { headers: Headers }) =>
  response.headers
    .getSetCookie()
    .find((set) => /^payload-token=[^;]+/.test(set))
    ?.split(';')[0]

async function whoIs(cookie: string | undefined) {
  expect(cookie).toBeDefined()
  return (await h.api('GET', '/users/me', { headers: { cookie: cookie! } })).body.user
}

async function accountOf(email: string) {
  const p = await h.payload()
  const { docs } = await p.find({ collection: 'users', where: { email: { equals: email } }, overrideAccess: true })
  return docs[0]
}

describe('single sign-on for operators', () => {
  it('offers "Sign in with Acme ID" on the login page and starts with PKCE, state and nonce', async () => {
    const { OperatorSsoLink } = await import('@/components/OperatorSsoLink')
    const html = renderToStaticMarkup(OperatorSsoLink({ i18n: { language: 'en' } as never }))
    expect(html).toContain('href="/api/users/sso"')
    expect(html).toContain('Sign in with Acme ID')
    const authorization = new URL((await begin()).location)
    expect(`${authorization.origin}`).toBe(provider.issuer)
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorization.searchParams.get('client_id')).toBe(CLIENT.id)
    expect(authorization.searchParams.get('redirect_uri')).toBe(REDIRECT_URI)
    for (const name of ['state', 'nonce', 'code_challenge']) expect(authorization.searchParams.get(name)).toBeTruthy()
  })

  it('creates the account at the first sign-in with the role its group maps to, and signs it in', async () => {
    // The instance's very first account, and an editor's: the groups decide, not being first.
    expect((await (await h.payload()).count({ collection: 'users', overrideAccess: true })).totalDocs).toBe(0)
    const editor = await ssoSignIn('ed')
    expect(editor.status, editor.text).toBe(303)
    expect(editor.headers.get('location')).toBe('/admin')
    expect(editor.headers.getSetCookie().some((set) => set.startsWith('sp-sso-state=;'))).toBe(true)
    expect(await whoIs(sessionOf(editor))).toMatchObject({ email: 'ed@example.com', role: 'editor' })

    const admin = await ssoSignIn('ana')
    expect(admin.status, admin.text).toBe(303)
    expect(await whoIs(sessionOf(admin))).toMatchObject({ email: 'ana@example.com', role: 'admin' })
  })

  it('brings the role in line at a later sign-in, and refuses a user removed from the groups', async () => {
    expect(await whoIs(sessionOf(await ssoSignIn('mover')))).toMatchObject({ role: 'editor' })
    const id = (await accountOf('mover@example.com')).id

    ACCOUNTS.mover.groups = ['status-admins']
    expect(await whoIs(sessionOf(await ssoSignIn('mover')))).toMatchObject({ id, role: 'admin' })
    expect((await accountOf('mover@example.com')).role).toBe('admin')

    ACCOUNTS.mover.groups = ['sales']
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const refused = await ssoSignIn('mover')
      expect(refused.status).toBe(403)
      expect(refused.headers.get('content-type')).toMatch(/^text\/html/)
      expect(refused.text).toContain('mover@example.com may not sign in to this admin with Acme ID')
      expect(sessionOf(refused)).toBeUndefined()
    } finally {
      warn.mockRestore()
    }
  })

  it('refuses users in no mapped group and users outside the allowed domains, creating no account', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      for (const login of ['outsider', 'foreign']) {
        const refused = await ssoSignIn(login)
        expect(refused.status).toBe(403)
        expect(sessionOf(refused)).toBeUndefined()
        expect(await accountOf(String(ACCOUNTS[login].email))).toBeUndefined()
      }
    } finally {
      warn.mockRestore()
    }
  })

  it('refuses an ID token issued to another client (wrong audience)', async () => {
    const { location, stateCookie } = await begin()
    // A real token of the provider's for another client, with our nonce: all it lacks is our client as audience.
    const theirs = new URL(location)
    const verifier = randomBytes(32).toString('base64url')
    theirs.searchParams.set('client_id', OTHER_CLIENT.id)
    theirs.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'))
    const code = (await signInAtProvider(theirs.href, 'ana', REDIRECT_URI)).searchParams.get('code')!
    const exchanged = await fetch(`${provider.issuer}/token`, {
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
    const redirect = await signInAtProvider(location, 'ana', REDIRECT_URI)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    afterToken = (body) => {
      body.id_token = foreign
    }
    try {
      const refused = await arrive(redirect, stateCookie)
      expect(refused.status).toBe(502)
      expect(sessionOf(refused)).toBeUndefined()
      expect(String(warn.mock.calls.at(-1))).toMatch(/"aud"/)
    } finally {
      afterToken = null
      warn.mockRestore()
    }
  })

  it('refuses a callback without its state cookie, or with the state of another sign-in', async () => {
    const { location } = await begin()
    const redirect = await signInAtProvider(location, 'ana', REDIRECT_URI)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const missing = await arrive(redirect, null)
      expect(missing.status).toBe(400)
      expect(sessionOf(missing)).toBeUndefined()

      // This sign-in's cookie, but the provider's answer with a state this sign-in did not send.
      const own = await begin()
      const answered = await signInAtProvider(own.location, 'ana', REDIRECT_URI)
      answered.searchParams.set('state', 'forged-state')
      const forged = await arrive(answered, own.stateCookie)
      expect(forged.status).toBe(502)
      expect(sessionOf(forged)).toBeUndefined()

      const other = await begin()
      const crossed = await arrive(redirect, other.stateCookie)
      expect(crossed.status).toBeGreaterThanOrEqual(400)
      expect(sessionOf(crossed)).toBeUndefined()
    } finally {
      warn.mockRestore()
    }
  })

  it('asks no second factor after the provider signed the user in, even for a role that requires one', async () => {
    const admin = await h.createUser('admin')
    expect(
      (await h.api('POST', '/globals/settings', { key: admin.key, body: { secondFactorRoles: ['admin'] } })).status,
    ).toBe(200)
    try {
      expect(await whoIs(sessionOf(await ssoSignIn('ana')))).toMatchObject({ role: 'admin' })
    } finally {
      await h.api('POST', '/globals/settings', { key: admin.key, body: { secondFactorRoles: [] } })
    }
  })

  it('with password sign-in turned off, refuses a password login and a reset; API keys still work', async () => {
    const user = await h.createUser('editor', 'password-user')
    const login = await h.api('POST', '/users/login', { body: { email: user.email, password: user.password } })
    expect(login.status).toBe(401)
    expect(login.body.errors[0].message).toContain('sign in with Acme ID')
    expect(login.body.token).toBeUndefined()
    const forgot = await h.api('POST', '/users/forgot-password', { body: { email: user.email } })
    expect(forgot.status).toBe(401)
    const me = await h.api('GET', '/users/me', { key: user.key })
    expect(me.body.user.id).toBe(user.id)
  })
})
