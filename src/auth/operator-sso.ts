/**
 * Single sign-on for operators (docs/operating.md): the admin's "Sign in with <provider>" by OpenID Connect, the
 * authorization code flow with PKCE, `state` and `nonce`, the ID token verified against the issuer's keys. The
 * protocol is the private pages' (src/auth/page-oidc.ts: openid-client, the outbound guard, the sealed state
 * cookie); who enters as what is src/domain/operator-sso.ts's.
 *
 * - GET /api/users/sso: to the provider, with the state cookie (Path=/api/users/sso, HttpOnly, ten minutes);
 * - GET /api/users/sso/callback: the provider's answer. An admitted user gets an account (created at the first
 *   sign-in with the mapped role, its role brought in line at each later one) and a session, and goes to /admin;
 *   anyone else a short page saying why: 403 (not allowed here), 401 (cancelled or refused at the provider), 400 (no
 *   sign-in to complete), 502 (the provider failed or its answer did not verify).
 *
 * No second factor is asked after it: the provider's own sign-in (and its factors) is what vouches for the user.
 */
import { randomBytes } from 'node:crypto'

import type { Endpoint, PayloadRequest } from 'payload'

import { type Env, env } from '@/config/env'
import { operatorAdmission, type OperatorSsoRule } from '@/domain/operator-sso'
import { escapeHtml } from '@/format/html'
import { requestT } from '@/i18n/admin-translations'
import { describeFailure } from '@/net/outbound-url'
import { SCHEME_HEADER } from '@/runtime/headers'
import { requestOrigin } from '@/settings/base-url'

import { issueSession } from './issue-session'
import {
  beginOidcSignIn,
  completeOidcSignIn,
  OIDC_STATE_SECONDS,
  OidcFailed,
  type OidcClient,
  OidcRefused,
  OidcStateMissing,
} from './page-oidc'
import { sealSecret } from './secret-box'

const STATE_COOKIE = 'sp-sso-state'
const PATH = '/api/users/sso'

export interface OperatorSso {
  label: string
  rule: OperatorSsoRule
  passwordSignIn: boolean
}

/** The configuration (environment), or null when single sign-on is not set up. */
export function operatorSso(settings: Env = env()): OperatorSso | null {
  if (!settings.SSO_ISSUER || !settings.SSO_CLIENT_ID || !settings.SSO_CLIENT_SECRET) return null
  return {
    label: settings.SSO_LABEL,
    passwordSignIn: settings.SSO_PASSWORD_SIGN_IN,
    rule: {
      groupsClaim: settings.SSO_GROUPS_CLAIM,
      adminGroups: settings.SSO_ADMIN_GROUPS,
      editorGroups: settings.SSO_EDITOR_GROUPS,
      allowedDomains: settings.SSO_ALLOWED_DOMAINS,
    },
  }
}

let sealed: { secret: string; value: string } | undefined

/** The provider's client as the private pages' protocol takes it (the secret sealed once per process). */
function client(req: PayloadRequest): OidcClient {
  const settings = env()
  const plain = settings.SSO_CLIENT_SECRET!
  if (sealed?.secret !== plain) sealed = { secret: plain, value: sealSecret(plain, req.payload.secret) }
  const sealedSecret = sealed.value
  return {
    pageId: 0,
    rule: {
      issuer: settings.SSO_ISSUER!,
      clientId: settings.SSO_CLIENT_ID!,
      label: settings.SSO_LABEL,
      scopes: settings.SSO_SCOPES,
      domains: [],
      emails: [],
      groupsClaim: settings.SSO_GROUPS_CLAIM,
      groups: [],
    },
    sealedSecret,
    secret: req.payload.secret,
  }
}

const base = (req: PayloadRequest) => env().PUBLIC_URL?.replace(/\/$/, '') ?? requestOrigin(req as unknown as Request)

function stateCookie(req: PayloadRequest, value: string | null): string {
  const secure = req.headers.get(SCHEME_HEADER) === 'https' || base(req).startsWith('https:') ? '; Secure' : ''
  const age = value === null ? 0 : OIDC_STATE_SECONDS
  return `${STATE_COOKIE}=${value ?? ''}; Path=${PATH}; Max-Age=${age}; HttpOnly; SameSite=Lax${secure}`
}

function redirect(location: string, cookies: string[]): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
  for (const cookie of cookies) headers.append('set-cookie', cookie)
  return new Response(null, { status: 303, headers })
}

/** A short page in the operator's language: why there is no sign-in, and the way back to the login. */
function refusal(req: PayloadRequest, status: number, message: string): Response {
  const t = requestT(req)
  const title = escapeHtml(t('admin.ui.sso.refusedHeading'))
  const body = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${title}</title></head><body><main><h1>${title}</h1><p>${escapeHtml(message)}</p>
<p><a href="/admin/login">${escapeHtml(t('admin.ui.sso.backToLogin'))}</a></p></main></body></html>`
  const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  headers.append('set-cookie', stateCookie(req, null))
  return new Response(body, { status, headers })
}

function cookieOf(req: PayloadRequest, name: string): string | null {
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return null
}

/** The account for an admitted user: created with its role, or its role brought in line. */
async function accountFor(req: PayloadRequest, email: string, role: 'admin' | 'editor', name: unknown) {
  const { docs } = await req.payload.find({
    collection: 'users',
    where: { email: { equals: email } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const [found] = docs
  if (found) {
    if (found.role !== role)
      await req.payload.update({ collection: 'users', id: found.id, data: { role }, overrideAccess: true, req })
    return found.id
  }
  // As server code (the Local API's own request), like the CLI: on a fresh install the first-user screen's setup code
  // does not apply to a user the operator's provider vouches for. Its role is the groups' even then: the first account
  // is an administrator only if the provider says so.
  const created = await req.payload.create({
    collection: 'users',
    // A password nobody knows: the account signs in through the provider (a reset can give it one).
    data: {
      email,
      role,
      name: typeof name === 'string' ? name.slice(0, 200) : undefined,
      password: randomBytes(32).toString('base64url'),
    },
    context: { roleFromProvider: true },
    overrideAccess: true,
  })
  return created.id
}

const start: Endpoint = {
  path: '/sso',
  method: 'get',
  handler: async (req) => {
    if (!operatorSso()) return new Response('Not Found', { status: 404 })
    try {
      const { location, cookie } = await beginOidcSignIn(client(req), {
        redirectUri: `${base(req)}${PATH}/callback`,
        returnTo: '/admin',
      })
      return redirect(location, [stateCookie(req, cookie.value)])
    } catch (error) {
      console.warn(`Single sign-on could not start: ${describeFailure(error)}`)
      return refusal(req, 502, requestT(req)('admin.ui.sso.failed'))
    }
  },
}

const callback: Endpoint = {
  path: '/sso/callback',
  method: 'get',
  handler: async (req) => {
    const sso = operatorSso()
    if (!sso) return new Response('Not Found', { status: 404 })
    const t = requestT(req)
    try {
      const { claims } = await completeOidcSignIn(client(req), {
        query: new URL(req.url ?? '', 'http://x').search,
        stateCookie: cookieOf(req, STATE_COOKIE),
      })
      const admission = operatorAdmission(sso.rule, claims)
      if (!admission.admitted) {
        console.warn(
          `Single sign-on refused ${admission.email ?? 'a user without a verified e-mail'}: ${admission.reason}`,
        )
        const who = admission.email ?? t('admin.ui.sso.unnamed')
        return refusal(req, 403, t('admin.ui.sso.notAllowed', { who, provider: sso.label }))
      }
      const id = await accountFor(req, admission.email, admission.role, claims.name)
      const session = await issueSession(req, id)
      return redirect('/admin', [session.cookie, stateCookie(req, null)])
    } catch (error) {
      if (error instanceof OidcStateMissing) return refusal(req, 400, t('admin.ui.sso.expired'))
      if (error instanceof OidcRefused) return refusal(req, 401, t('admin.ui.sso.cancelled', { provider: sso.label }))
      if (error instanceof OidcFailed) {
        console.warn(`Single sign-on failed: ${describeFailure(error)}`)
        return refusal(req, 502, t('admin.ui.sso.failed'))
      }
      throw error
    }
  },
}

export const operatorSsoEndpoints: Endpoint[] = [start, callback]
