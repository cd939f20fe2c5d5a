/**
 * The query parameters each cached public route reads, declared once as plain data: the edge keys its response
 * cache by them (src/edge/public-paths.ts, canonicalQuery) and the public API's zod queries are typed against them
 * (src/public-api/schemas.ts), so a parameter cannot be read by a route and left out of the cache key (then `?x=1`
 * and `?x=2` would share one cached answer). tests/unit/edge/public-paths.query-parameters.test.ts compares the two.
 */

/** Read by every /api/v1 route (src/public-api/http.ts): the indented body. */
export const PRETTY_PARAMETER = 'pretty'

/**
 * Read by every /api/v1 and /api/v2 route (src/public-api/route.ts): the language of the texts the service writes
 * in the body (docs/api.md), so `?locale=de` and no locale are cached apart.
 */
export const LOCALE_PARAMETER = 'locale'

/** The /api/v1 routes with a query schema: the schema's keys, `?pretty` aside. */
export const API_QUERY_PARAMETERS = {
  '/api/v1/incidents': ['status', 'service', 'from', 'to', 'page', 'limit'],
  '/api/v1/maintenances': ['status', 'service', 'from', 'to', 'page', 'limit'],
  '/api/v1/uptime': ['days', 'service', 'group', 'page', 'limit', 'format'],
  '/api/v1/metrics/[slug]': ['range', 'period'],
} as const satisfies Record<string, readonly string[]>

export type ApiQueryRoute = keyof typeof API_QUERY_PARAMETERS
/** The parameter names of one route, as a type: the route's zod query must have exactly these keys. */
export type ApiQueryParameter<R extends ApiQueryRoute> = (typeof API_QUERY_PARAMETERS)[R][number]

/** The public pages and feeds that read a parameter (src/app/(site)); the others read none. */
export const SITE_QUERY_PARAMETERS = {
  '/history': ['page', 'service'],
  '/favicon.svg': ['status'],
} as const satisfies Record<string, readonly string[]>

/**
 * Read by every badge (src/domain/badges.ts, under `/badge/`): the text on the left and the style, so that each
 * label and style is cached apart and nothing else splits the entry.
 */
export const BADGE_QUERY_PARAMETERS = ['label', 'style'] as const

/** A metric's points, `/api/v1/metrics/<slug>`: the route file's path with its `[slug]`, which the edge matches. */
export const METRIC_POINTS_ROUTE = '/api/v1/metrics/[slug]'
export const isMetricPointsPath = (pathname: string): boolean => /^\/api\/v1\/metrics\/[^/]+$/.test(pathname)
