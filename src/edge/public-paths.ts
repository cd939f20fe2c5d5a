/**
 * What a request is, decided once for the whole edge (rate limits, response cache, error shapes): the target is
 * checked and read here (parseTarget), and classifyRequest says which budget it spends, whether the cache answers
 * it and which query parameters its route reads. Nothing else in src/edge looks at a path.
 */
import { isBadgePath } from '@/domain/badges'
import {
  API_QUERY_PARAMETERS,
  BADGE_QUERY_PARAMETERS,
  isMetricPointsPath,
  LOCALE_PARAMETER,
  METRIC_POINTS_ROUTE,
  PRETTY_PARAMETER,
  SITE_QUERY_PARAMETERS,
} from '@/domain/query-parameters'
import { isSubjectFeedPath } from '@/domain/feed-paths'

/** The public site's paths (src/app/(site)): pages, feeds and badges, read by anyone, served through the response cache. */
const EXACT = new Set([
  '/',
  '/history',
  '/feed.atom',
  '/feed.rss',
  '/history.atom',
  '/history.rss',
  '/maintenances.ics',
  '/favicon.svg',
  '/favicon.ico',
  '/embed',
  '/embed.js',
])

export function isPublicSitePath(pathname: string): boolean {
  if (EXACT.has(pathname)) return true
  return (
    /^\/[gims]\/[^/]+$/.test(pathname) ||
    isSubjectFeedPath(pathname) ||
    isBadgePath(pathname) ||
    // A metric's chart over a range (src/app/(site)/metrics): the range is in the path, which is the cache key.
    /^\/metrics\/[^/]+\/(?:day|week|month)$/.test(pathname)
  )
}

/**
 * The Statuspage-compatible API (src/app/api/v2): public and cached like /api/v1; its routes read only `?locale`, so
 * the cache key keeps nothing else (parametersOf).
 */
export function isStatuspageApiPath(pathname: string): boolean {
  return pathname === '/api/v2' || pathname.startsWith('/api/v2/')
}

/** /api/v1, /api/v2 and the public site. */
export function isPublicPath(pathname: string): boolean {
  return (
    pathname === '/api/v1' ||
    pathname.startsWith('/api/v1/') ||
    isStatuspageApiPath(pathname) ||
    isPublicSitePath(pathname)
  )
}

/** The pages of one subscriber (their token in the path): public, but never cached. */
export function isSubscriberPage(pathname: string): boolean {
  return /^\/(verify|unsubscribe|manage)\/[^/]+$/.test(pathname)
}

/** The integrations' webhook (src/app/api/integrations/webhook): POSTs from monitoring tools, the token maybe in the path. */
export function isIntegrationWebhook(pathname: string): boolean {
  return pathname === '/api/integrations/webhook' || /^\/api\/integrations\/webhook\/[^/]+$/.test(pathname)
}

/** The path as logs may show it: a subscriber page's, an integration's and a share link's tokens are secrets. */
export function loggablePath(pathname: string): string {
  return isSubscriberPage(pathname) ||
    (isIntegrationWebhook(pathname) && pathname !== '/api/integrations/webhook') ||
    /^\/access\/link\/[^/]+$/.test(pathname)
    ? pathname.replace(/[^/]+$/, '[token]')
    : pathname
}

/** Confirming and cancelling a subscription: the JSON endpoints, and the pages' buttons (which POST to the page). */
export function isSubscriptionAction(pathname: string): boolean {
  return pathname === '/api/unsubscribe' || pathname === '/api/subscribe/verify' || isSubscriberPage(pathname)
}

// --- The request target -------------------------------------------------------------------------------------------

export type Target =
  | { ok: true; pathname: string; search: string }
  /** `pathname`: the path with its dot segments resolved, only to choose the shape of the 400. */
  | { ok: false; pathname: string; reason: string }

/**
 * Reads the request target. Next resolves dot segments (`/x/../api`, `/%2e/api`, any case of `%2e`) and serves the
 * route they lead to, so a path classified as it was sent would escape the limits and the cache; no browser sends
 * such a path, so it is refused rather than resolved. Invalid percent-encoding and NUL bytes, which make Next or
 * the database throw, are refused too, as is anything but an origin-form target (`*` aside).
 */
export function parseTarget(url: string): Target {
  const queryAt = url.indexOf('?')
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt)
  const search = queryAt === -1 ? '' : url.slice(queryAt)
  if (!rawPath.startsWith('/')) return { ok: false, pathname: '/', reason: 'The request target must be a path.' }
  // The common case, checked without splitting: nothing encoded, no dot segment.
  if (!rawPath.includes('%') && !/\/\.\.?(?:\/|$)/.test(rawPath)) return { ok: true, pathname: rawPath, search }
  const resolved: string[] = []
  let reason: string | undefined
  for (const segment of rawPath.slice(1).split('/')) {
    let decoded: string
    try {
      decoded = decodeURIComponent(segment)
    } catch {
      reason ??= 'The path is not valid percent-encoding.'
      resolved.push(segment)
      continue
    }
    if (decoded.includes('\0')) reason ??= 'The path contains a NUL byte.'
    if (decoded === '.' || decoded === '..') {
      reason ??= 'The path contains dot segments ("." or ".."); send the path they lead to.'
      if (decoded === '..') resolved.pop()
      continue
    }
    resolved.push(segment)
  }
  if (reason) return { ok: false, pathname: `/${resolved.join('/')}`, reason }
  return { ok: true, pathname: rawPath, search }
}

// --- What a request is --------------------------------------------------------------------------------------------

const ROUTE_PARAMETERS: Record<string, readonly string[]> = {
  ...Object.fromEntries(
    Object.entries(API_QUERY_PARAMETERS).map(([path, names]) => [path, [...names, PRETTY_PARAMETER, LOCALE_PARAMETER]]),
  ),
  ...SITE_QUERY_PARAMETERS,
}
const V1_ONLY = [PRETTY_PARAMETER, LOCALE_PARAMETER]
const V2_ONLY = [LOCALE_PARAMETER]
/**
 * The query parameters a cached route reads (src/domain/query-parameters.ts): every other /api/v1 route reads
 * `?pretty` and `?locale` only, every /api/v2 route `?locale` only, every badge `?label` and `?style`; the other pages
 * and the feeds read nothing.
 */
function parametersOf(pathname: string): readonly string[] {
  const listed = ROUTE_PARAMETERS[pathname]
  if (listed) return listed
  if (isMetricPointsPath(pathname)) return ROUTE_PARAMETERS[METRIC_POINTS_ROUTE]
  if (isBadgePath(pathname)) return BADGE_QUERY_PARAMETERS
  if (pathname.startsWith('/api/v1/') || pathname === '/api/v1') return V1_ONLY
  return isStatuspageApiPath(pathname) ? V2_ONLY : []
}

/**
 * The query as the route reads it: only its parameters, sorted by name (each name's values in the order sent), so
 * `?_=1` or a different order is answered from the same cache entry.
 */
export function canonicalQuery(pathname: string, search: string): string {
  if (search.length <= 1) return ''
  const read = parametersOf(pathname)
  if (read.length === 0) return ''
  const params = new URLSearchParams(search)
  const kept = new URLSearchParams()
  for (const name of [...read].sort()) for (const value of params.getAll(name)) kept.append(name, value)
  const query = kept.toString()
  return query ? `?${query}` : ''
}

export type Budget = 'public' | 'subscribe' | 'cms' | 'integration'
/** How an error or a 429 is shaped: the contract's problem+json, the CMS's {errors}, the subscribe endpoint's own, a page. */
export type ErrorShape = 'problem' | 'cms' | 'subscribe-json' | 'page'

export interface RequestClass {
  /** The rate budget the request spends, or null. */
  budget: Budget | null
  /** Answered through the response cache (anonymous GET/HEAD of a public path), keyed by canonicalQuery. */
  cacheable: boolean
  errorShape: ErrorShape
}

/** The shape of an error for this path. */
export function errorShapeOf(pathname: string): ErrorShape {
  if (pathname === '/api/v1' || pathname.startsWith('/api/v1/') || isStatuspageApiPath(pathname)) return 'problem'
  if (pathname === '/api/subscribe') return 'subscribe-json'
  if (pathname === '/api' || pathname.startsWith('/api/')) return 'cms'
  return 'page'
}

/** The CMS's REST API and GraphQL: every /api path that is not the public API, a subscription endpoint or health. */
function isCmsPath(pathname: string): boolean {
  if (pathname !== '/api' && !pathname.startsWith('/api/')) return false
  if (pathname === '/api/v1' || pathname.startsWith('/api/v1/') || isStatuspageApiPath(pathname)) return false
  return !['/api/health', '/api/demo-status', '/api/subscribe', '/api/subscribe/verify', '/api/unsubscribe'].includes(
    pathname,
  )
}

/**
 * The one decision about a request, for the rate limits and the cache alike. `anonymous`: no API key and no Payload
 * session cookie.
 * - public budget: GET/HEAD of /api/v1 and /api/v2, the public pages and feeds, the subscriber pages, the subscribe form and
 *   /api/demo-status; and the POSTs that confirm or cancel a subscription;
 * - subscribe budget: subscribing (the JSON endpoint and the form), each attempt can send a message to somebody;
 * - CMS budget: anonymous reads of the CMS REST API and anonymous GraphQL, which are computed by Payload every time;
 * - integration budget: the monitoring webhook, per token (front.ts keys it by the token's hash), never cached.
 */
export function classifyRequest(method: string | undefined, pathname: string, anonymous: boolean): RequestClass {
  const errorShape = errorShapeOf(pathname)
  const read = method === 'GET' || method === 'HEAD'
  if (method === 'POST' && isIntegrationWebhook(pathname)) return requestClass('integration', false, errorShape)
  if (method === 'POST' && (pathname === '/api/subscribe' || pathname === '/subscribe'))
    return requestClass('subscribe', false, errorShape)
  if (method === 'POST' && isSubscriptionAction(pathname)) return requestClass('public', false, errorShape)
  if (read && isPublicPath(pathname)) return requestClass('public', anonymous, errorShape)
  // Uploaded files (the site's logo and favicon) are fetched with every page view: a visitor's budget, not the CMS's.
  if (
    read &&
    (isSubscriberPage(pathname) ||
      pathname === '/subscribe' ||
      pathname === '/api/demo-status' ||
      pathname.startsWith('/api/media/file/'))
  )
    return requestClass('public', false, errorShape)
  if (anonymous && isCmsPath(pathname) && (read || (pathname === '/api/graphql' && method !== 'OPTIONS')))
    return requestClass('cms', false, errorShape)
  return requestClass(null, false, errorShape)
}

/** The same class, but never answered from the response cache (a private page's read: its reader's access decides). */
export function uncached(kind: RequestClass): RequestClass {
  return kind.cacheable ? requestClass(kind.budget, false, kind.errorShape) : kind
}

/** The few distinct answers, made once: deciding a request allocates nothing. */
const BUDGETS: (Budget | null)[] = [null, 'public', 'subscribe', 'cms', 'integration']
const SHAPES: ErrorShape[] = ['problem', 'cms', 'subscribe-json', 'page']
const CLASSES: RequestClass[] = BUDGETS.flatMap((budget) =>
  [false, true].flatMap((cacheable) => SHAPES.map((errorShape) => Object.freeze({ budget, cacheable, errorShape }))),
)
function requestClass(budget: Budget | null, cacheable: boolean, errorShape: ErrorShape): RequestClass {
  return CLASSES[BUDGETS.indexOf(budget) * 8 + (cacheable ? 4 : 0) + SHAPES.indexOf(errorShape)]
}

/** No credentials: no Authorization header and no Payload session cookie. */
export function isAnonymous(headers: { authorization?: string; cookie?: string }): boolean {
  if (headers.authorization) return false
  const cookie = headers.cookie
  return !cookie || !/(?:^|;\s*)payload-token=/.test(cookie)
}

/** The users' own endpoints a stranger may POST to: logging in and out, a forgotten password, the first account. */
const ANONYMOUS_USER_WRITES =
  /^\/api\/users\/(?:login|logout|refresh-token|forgot-password|reset-password|first-register|unlock|verify\/[^/]+)$/

/**
 * Whether a write without credentials may carry a body here: everything outside the CMS, the monitoring webhook
 * (its token may be in the path), GraphQL (anonymous queries are POSTs) and the users' login endpoints. Any other
 * CMS write needs an API key or a session, so the edge answers 401 without reading its body.
 */
export function acceptsAnonymousWrites(pathname: string): boolean {
  // A trailing or doubled slash is Next's to redirect (308) to the path it spells: judged as that path.
  const path = pathname.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1')
  return !isCmsPath(path) || isIntegrationWebhook(path) || path === '/api/graphql' || ANONYMOUS_USER_WRITES.test(path)
}
