/**
 * The gate of a private page (docs/private-pages.md; the rules in src/domain/page-access.ts): whether a request may
 * read the page it is for, and the access cookie a reader gets for a right password or a sign-in with the page's
 * identity provider. The cookie is the page's id, an expiry and an HMAC under a key derived from PAYLOAD_SECRET over
 * both and the page's ways in (password hashes, provider), so it is good for that page only, until it expires or
 * those ways change (removing a password, or changing the provider, signs out everyone let in). It is HttpOnly,
 * SameSite=Lax, Secure over HTTPS, and scoped to the page's path form when it came that way.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

import { accessDecision, type AccessRefusal } from '@/domain/page-access'
import { CLIENT_ADDRESS_HEADER, SCHEME_HEADER } from '@/runtime/headers'
import { ServiceError } from '@/errors'

import type { PageRecord } from './pages'

/** How long a sign-in lasts. */
export const ACCESS_COOKIE_SECONDS = 7 * 24 * 3600

export const accessCookieName = (pageId: number) => `sp-access-${pageId}`

/** A reader without access to a private page: the sign-in (401), or a refusal saying why (403, by network only). */
export class AccessRequired extends ServiceError {
  constructor(
    readonly refusal: AccessRefusal,
    /** The page refused, and the `/p/<slug>` its request came by: the sign-in is shown in its name and style. */
    readonly page: PageRecord,
    readonly pathPrefix: string,
  ) {
    super(
      refusal === 'sign-in' ? 401 : 403,
      refusal === 'sign-in'
        ? 'This status page is private: sign in to read it.'
        : 'This status page is private: it is open only to certain networks.',
      refusal === 'sign-in' ? { 'WWW-Authenticate': 'Cookie realm="status page"' } : {},
    )
  }
}

/**
 * What a sign-in was made under: the page's password hashes, and its identity provider (issuer and client id), so
 * that changing either signs out everyone let in before. A page without a provider signs as it always did.
 */
function waysIn(page: PageRecord): string {
  const { passwordHashes, oidc } = page.access
  const passwords = [...passwordHashes].sort().join('\n')
  return oidc ? `${passwords}\noidc ${JSON.stringify([oidc.issuer, oidc.clientId])}` : passwords
}

function signature(secret: string, page: PageRecord, expires: number): Buffer {
  const ways = createHash('sha256').update(waysIn(page)).digest('hex')
  return createHmac('sha256', `${secret}:page-access`).update(`${page.id}.${expires}.${ways}`).digest()
}

/** The value of the cookie `name` the request carries, or null. */
export function cookieValue(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return null
}

/** Whether the request carries a valid access cookie for `page`. */
function signedIn(request: Request, page: PageRecord, secret: string, now: number): boolean {
  const value = cookieValue(request, accessCookieName(page.id))
  const match = value ? /^(\d{1,12})\.([\w-]{43})$/.exec(value) : null
  if (!match || Number(match[1]) * 1000 <= now) return false
  const given = Buffer.from(match[2], 'base64url')
  const expected = signature(secret, page, Number(match[1]))
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Throws AccessRequired unless the request may read `page` (a public page: anyone). */
export function requireAccess(
  request: Request,
  page: PageRecord | null,
  { secret, pathPrefix, now = Date.now() }: { secret: string; pathPrefix: string; now?: number },
): void {
  if (!page?.access.private) return
  const decision = accessDecision(page.access, {
    address: request.headers.get(CLIENT_ADDRESS_HEADER),
    signedIn: signedIn(request, page, secret, now),
  })
  if (decision !== 'granted') throw new AccessRequired(decision, page, pathPrefix)
}

/** The Set-Cookie of a sign-in to `page` (its path form's prefix: `pathPrefix`), or of a sign-out (`expired`). */
export function accessCookie(
  request: Request,
  page: PageRecord,
  secret: string,
  { pathPrefix, now = Date.now(), expired = false }: { pathPrefix: string; now?: number; expired?: boolean },
): string {
  const expires = Math.floor(now / 1000) + ACCESS_COOKIE_SECONDS
  const value = expired ? '' : `${expires}.${signature(secret, page, expires).toString('base64url')}`
  const secure = request.headers.get(SCHEME_HEADER) === 'https' ? '; Secure' : ''
  const age = expired ? 0 : ACCESS_COOKIE_SECONDS
  return `${accessCookieName(page.id)}=${value}; Path=${pathPrefix || '/'}; Max-Age=${age}; HttpOnly; SameSite=Lax${secure}`
}
