/**
 * What the CMS API routes (REST and GraphQL) check around Payload's handler, for requests a session authenticates:
 * cookie writes only from the site itself, the wait of a throttled login in Retry-After, 503 when the
 * database could not be asked, and the session cookie marked Secure when the visitor came over HTTPS.
 */
import config from '@payload-config'
import { getPayload } from 'payload'

import { env } from '@/config/env'
import { cmsErrorResponse, ServiceError } from '@/errors'
import { CROSS_SITE_WRITE_MESSAGE, isSameOriginWrite, originOf } from '@/domain/same-origin'
import { logUnavailable, watchingDatabase } from './database-failure'
import { loginRetryAfter } from './login-hooks'
import { SCHEME_HEADER } from '@/runtime/headers'

type Handler<A extends unknown[]> = (request: Request, ...rest: A) => Promise<Response>

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const SESSION_COOKIE = 'payload-token'
export const DATABASE_UNAVAILABLE = 'The database is not answering; try again in a few seconds.'

const errorResponse = (status: number, message: string, headers: Record<string, string> = {}): Response =>
  cmsErrorResponse(new ServiceError(status, message, headers))

function hasSessionCookie(request: Request): boolean {
  return (request.headers.get('cookie') ?? '').split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`))
}

/** The site's configured origins: PUBLIC_URL, and the Public base URL setting (read only when needed). */
async function configuredOrigins(): Promise<string[]> {
  const payload = await getPayload({ config })
  const settings = await payload.findGlobal({ slug: 'settings', depth: 0, select: { publicUrl: true } })
  return [originOf(env().PUBLIC_URL), originOf(settings.publicUrl)].filter(
    (origin): origin is string => origin !== null,
  )
}

async function isCrossSiteWrite(request: Request): Promise<boolean> {
  // An Authorization header (API key, JWT) is something another page cannot make a browser send.
  if (SAFE_METHODS.has(request.method) || request.headers.has('authorization') || !hasSessionCookie(request))
    return false
  const facts = {
    origin: request.headers.get('origin'),
    secFetchSite: request.headers.get('sec-fetch-site'),
    requestHost: request.headers.get('host') ?? new URL(request.url).host,
  }
  const envOrigin = originOf(env().PUBLIC_URL)
  if (isSameOriginWrite({ ...facts, siteOrigins: envOrigin ? [envOrigin] : [] })) return false
  if (facts.origin === null) return true
  return !isSameOriginWrite({ ...facts, siteOrigins: await configuredOrigins() })
}

function isHttps(request: Request): boolean {
  return request.headers.get(SCHEME_HEADER) === 'https' || originOf(env().PUBLIC_URL)?.startsWith('https:') === true
}

/** Adds `Secure` to the session cookie (Payload's `cookies.secure` is one value for every request). */
function withSecureCookies(headers: Headers): void {
  const cookies = headers.getSetCookie()
  if (!cookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`) && !/;\s*secure/i.test(cookie))) return
  headers.delete('set-cookie')
  for (const cookie of cookies)
    headers.append(
      'set-cookie',
      cookie.startsWith(`${SESSION_COOKIE}=`) && !/;\s*secure/i.test(cookie) ? `${cookie}; Secure` : cookie,
    )
}

/**
 * Whether Payload has started (it connects to the database and migrates on first use). While the database cannot be
 * opened or reached, each request tries again (Payload keeps no failed start), and is told so in Payload's shape
 * with 503 instead of Payload's own 500 "There was an error initializing Payload".
 */
async function payloadStarted(): Promise<boolean> {
  try {
    await getPayload({ config })
    return true
  } catch (error) {
    logUnavailable(error)
    return false
  }
}

export function withSessionGuards<A extends unknown[]>(handler: Handler<A>): Handler<A> {
  return async (request, ...rest) => {
    if (!(await payloadStarted())) return errorResponse(503, DATABASE_UNAVAILABLE, { 'Retry-After': '5' })
    if (await isCrossSiteWrite(request)) return errorResponse(403, CROSS_SITE_WRITE_MESSAGE)
    const { result: response, databaseFailed } = await watchingDatabase(() => handler(request, ...rest))
    // Payload's request is this Request with the user assigned: no user for a request that carried credentials
    // means the database failed while checking them.
    const carriedCredentials = request.headers.has('authorization') || hasSessionCookie(request)
    const user = (request as { user?: unknown }).user
    if (databaseFailed && (response.status >= 400 || (carriedCredentials && !user))) {
      return errorResponse(503, DATABASE_UNAVAILABLE, { 'Retry-After': '5' })
    }
    const wait = response.status === 429 ? loginRetryAfter(request) : undefined
    const https = isHttps(request)
    if (wait === undefined && !https) return response
    const headers = new Headers(response.headers)
    if (wait !== undefined) headers.set('Retry-After', String(wait))
    if (https) withSecureCookies(headers)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }
}
