/**
 * Where each public address lives in the static mirror, so that a plain file server finds it with nginx's
 * `try_files $uri $uri/index.html $uri.json` (docs/deployment.md) and an object store by its name:
 * - a page is `<path>/index.html` (`/` → `index.html`, `/s/payments` → `s/payments/index.html`);
 * - an `/api/v1` document is `<path>.json` (`/api/v1/status` → `api/v1/status.json`);
 * - an address that names its file already (`/feed.rss`, `/maintenances.ics`, `/api/v2/summary.json`) keeps it.
 * And which addresses the mirror holds: the fixed ones, and the pages the public API's documents name.
 */
import { METRIC_RANGES } from '@/domain/metrics'

/** The mirror's own record of what it holds; a dot file, beside the site. */
export const MANIFEST = '.statuspage-mirror.json'

/** The addresses every mirror holds. */
export const FIXED_PATHS = [
  '/',
  '/history',
  '/feed.rss',
  '/feed.atom',
  '/history.rss',
  '/history.atom',
  '/maintenances.ics',
  '/favicon.svg',
  '/api/v1/status',
  '/api/v1/services',
  '/api/v1/incidents',
  '/api/v1/maintenances',
  '/api/v1/uptime',
  '/api/v1/metrics',
  '/api/v2/summary.json',
  '/api/v2/status.json',
] as const

/** A path segment the mirror writes as a name: what slugs and short ids are made of, never `.` or `..`. */
const SAFE_SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/

export class UnsafePathError extends Error {}

/** The file (relative, `/`-separated) that holds `pathname`'s response of `contentType`. */
export function mirrorFileOf(pathname: string, contentType: string): string {
  if (pathname === '/') return 'index.html'
  const segments = pathname.replace(/^\/+/, '').split('/')
  for (const segment of segments)
    if (!SAFE_SEGMENT.test(segment)) throw new UnsafePathError(`not a mirrorable address: ${JSON.stringify(pathname)}`)
  const joined = segments.join('/')
  if (/\.[A-Za-z0-9]+$/.test(segments[segments.length - 1])) return joined
  if (/^application\/([a-z.+-]*\+)?json\b/i.test(contentType)) return `${joined}.json`
  return `${joined}/index.html`
}

interface Named {
  slug?: unknown
  shortId?: unknown
  group?: { slug?: unknown } | null
}

const names = (items: unknown, key: 'slug' | 'shortId'): string[] =>
  Array.isArray(items)
    ? items
        .map((item: Named) => item?.[key])
        .filter((value): value is string => typeof value === 'string' && SAFE_SEGMENT.test(value))
    : []

/** The pages of services and their groups, from `/api/v1/services`'s `data`. */
export function servicePaths(services: unknown): string[] {
  const list = Array.isArray(services) ? (services as Named[]) : []
  const groups = names(
    list.map((service) => service?.group ?? null),
    'slug',
  )
  return [...new Set([...names(list, 'slug').map((slug) => `/s/${slug}`), ...groups.map((slug) => `/g/${slug}`)])]
}

/** The pages of incidents (`/i/…`) or maintenances (`/m/…`), from a list's `data`. */
export function recordPaths(kind: 'i' | 'm', items: unknown): string[] {
  return names(items, 'shortId').map((shortId) => `/${kind}/${shortId}`)
}

/** How far back the mirror keeps incident and maintenance pages. */
export const RECORD_DAYS = 90

/**
 * The page of each range of each metric (`/metrics/<slug>/<range>`), from `/api/v1/metrics`'s `data`. Not the
 * documents `/api/v1/metrics/<slug>?range=…`: a file server answers by the path alone, so one file would answer every
 * range with the same points; the range is in these pages' paths instead.
 */
export function metricPaths(metrics: unknown): string[] {
  return names(metrics, 'slug').flatMap((slug) => METRIC_RANGES.map((range) => `/metrics/${slug}/${range}`))
}
