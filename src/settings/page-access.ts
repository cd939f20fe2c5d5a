/**
 * The gate of a private page (docs/private-pages.md; the rules in src/domain/page-access.ts): whether a request may
 * read the page it is for, and the access cookie a reader gets for a right password or a sign-in with the page's
 * identity provider. The cookie is the page's id, an expiry and an HMAC under a key derived from PAYLOAD_SECRET over
 * both and the page's ways in (password hashes, provider), so it is good for that page only, until it expires or
 * those ways change (removing a password, or changing the provider, signs out everyone let in). It is HttpOnly,
 * SameSite=Lax, Secure over HTTPS, and scoped to the page's path form when it came that way.
 *
 * A share link's cookie (src/domain/access-link.ts) names its link, `l<link id>.<expiry>.<HMAC>`, and its HMAC covers
 * the link's token hash instead of the ways in: it is good while that very link is among the page's links (deleting
 * or revoking it signs its reader out; a later link that got the same id has another hash), until the link expires.
 * A feed token opens the page's feeds and calendar only, in `?token=`: feed readers keep no cookies.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

import { type AccessLinkRule, stillGood, usableLink } from '@/domain/access-link'
import { isFeedPath } from '@/domain/feed-paths'
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
    /**
     * The page refused (null: the default page), its gate's record (its ways in), and the `/p/<slug>` its request came
     * by: the sign-in is shown in its name and style.
     */
    readonly where: GatedPage,
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

function linkSignature(secret: string, page: PageRecord, link: AccessLinkRule, expires: number): Buffer {
  return createHmac('sha256', `${secret}:page-access`)
    .update(`${page.id}.l${link.id}.${expires}.${link.tokenHash}`)
    .digest()
}

const sameBytes = (given: Buffer, expected: Buffer) =>
  given.length === expected.length && timingSafeEqual(given, expected)

/** The value of the cookie `name` the request carries, or null. */
export function cookieValue(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return null
}

/** How the request's access cookie for `page` lets it in: a sign-in, a share link still in force, or not at all. */
function cookieAccess(request: Request, page: PageRecord, secret: string, now: number): 'signed-in' | 'linked' | null {
  const value = cookieValue(request, accessCookieName(page.id))
  const match = value ? /^(?:l(\d{1,12})\.)?(\d{1,12})\.([\w-]{43})$/.exec(value) : null
  if (!match || Number(match[2]) * 1000 <= now) return null
  const given = Buffer.from(match[3], 'base64url')
  const expires = Number(match[2])
  if (match[1] === undefined) return sameBytes(given, signature(secret, page, expires)) ? 'signed-in' : null
  const link = page.accessLinks.find((one) => one.kind === 'share' && one.id === Number(match[1]))
  if (!link || !stillGood(link, now)) return null
  return sameBytes(given, linkSignature(secret, page, link, expires)) ? 'linked' : null
}

/** Whether the request is for one of the page's feeds or its calendar with one of its feed tokens in force. */
function feedTokenAccess(request: Request, page: PageRecord, now: number): boolean {
  const url = new URL(request.url)
  if (!isFeedPath(url.pathname)) return false
  return usableLink(page.accessLinks, 'feed', url.searchParams.get('token'), now) !== null
}

/** A page (null: the default page) and the record its gate judges by (the page's own, or the default page's). */
export interface GatedPage {
  page: PageRecord | null
  gate: PageRecord
}

/** Throws AccessRequired unless the request may read the page (a public page: anyone). */
export function requireAccess(
  request: Request,
  where: GatedPage,
  { secret, pathPrefix, now = Date.now() }: { secret: string; pathPrefix: string; now?: number },
): void {
  const { gate } = where
  if (!gate.access.private) return
  const cookie = cookieAccess(request, gate, secret, now)
  const decision = accessDecision(gate.access, {
    address: request.headers.get(CLIENT_ADDRESS_HEADER),
    signedIn: cookie === 'signed-in',
    linked: cookie === 'linked' || feedTokenAccess(request, gate, now),
  })
  if (decision !== 'granted') throw new AccessRequired(decision, where, pathPrefix)
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
  return setCookie(request, page, value, { pathPrefix, age: expired ? 0 : ACCESS_COOKIE_SECONDS })
}

/** The Set-Cookie a share link gives: until the link expires, and a sign-in's time at most. */
export function linkAccessCookie(
  request: Request,
  page: PageRecord,
  link: AccessLinkRule,
  secret: string,
  { pathPrefix, now = Date.now() }: { pathPrefix: string; now?: number },
): string {
  const seconds = Math.floor(now / 1000)
  const linkEnd = link.expiresAt === null ? Infinity : Math.floor(link.expiresAt / 1000)
  const expires = Math.min(linkEnd, seconds + ACCESS_COOKIE_SECONDS)
  const value = `l${link.id}.${expires}.${linkSignature(secret, page, link, expires).toString('base64url')}`
  return setCookie(request, page, value, { pathPrefix, age: Math.max(0, expires - seconds) })
}

function setCookie(
  request: Request,
  page: PageRecord,
  value: string,
  { pathPrefix, age }: { pathPrefix: string; age: number },
): string {
  const secure = request.headers.get(SCHEME_HEADER) === 'https' ? '; Secure' : ''
  return `${accessCookieName(page.id)}=${value}; Path=${pathPrefix || '/'}; Max-Age=${age}; HttpOnly; SameSite=Lax${secure}`
}
