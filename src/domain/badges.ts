/**
 * The addresses of the status badges (docs/badges.md) and the options of their query: what a badge is about (the
 * page, one of its groups, one of its services), what it tells (the status, the uptime over a window, the open
 * incidents) and in which form (an SVG image, or shields.io's endpoint JSON). The edge caches and keys every address
 * under `/badge/` (isBadgePath, BADGE_QUERY_PARAMETERS); the route reads the rest.
 *
 *   /badge/status.svg                  /badge/uptime/30d.svg              /badge/incidents.json
 *   /badge/service/<slug>/status.svg   /badge/group/<slug>/uptime/7d.svg  …
 *
 * Services and groups are named by the slugs of their own pages (`/s/<slug>`, `/g/<slug>`).
 */

/** The windows of an uptime badge, in days: those of the uptime bars' figures and of GET /api/v1/uptime's `days`. */
export const BADGE_WINDOWS = [1, 7, 30, 90] as const
export type BadgeWindow = (typeof BADGE_WINDOWS)[number]

/** shields.io's styles that suit a README; `flat` is shields' default too. */
export const BADGE_STYLES = ['flat', 'flat-square', 'for-the-badge'] as const
export type BadgeStyle = (typeof BADGE_STYLES)[number]

/** The longest `?label=`, in characters: a badge wider than a README's column helps nobody. */
export const BADGE_LABEL_MAX = 64

export type BadgeSubject = { kind: 'page' } | { kind: 'service' | 'group'; slug: string }
export type BadgeMetric = { kind: 'status' } | { kind: 'incidents' } | { kind: 'uptime'; days: BadgeWindow }
export type BadgeFormat = 'svg' | 'json'

export interface BadgeAddress {
  subject: BadgeSubject
  metric: BadgeMetric
  format: BadgeFormat
}

/** Every badge lives under this path (after the page's `/p/<slug>` and the language's prefix, which the edge takes off). */
export const isBadgePath = (pathname: string): boolean => pathname.startsWith('/badge/')

const FILE = /^(status|incidents)\.(svg|json)$/
const WINDOW_FILE = /^([1-9]\d?)d\.(svg|json)$/

/** The form an address under /badge asks for by its extension, even one that names no badge (its 404 takes it). */
export const badgeFormatOf = (lastSegment: string): BadgeFormat => (lastSegment.endsWith('.json') ? 'json' : 'svg')

const isWindow = (days: number): days is BadgeWindow => (BADGE_WINDOWS as readonly number[]).includes(days)

/** The metric a path ends with and the segments before it, or null. */
function metricOf(segments: readonly string[]): { metric: BadgeMetric; format: BadgeFormat; rest: string[] } | null {
  const file = segments.at(-1) ?? ''
  const window = WINDOW_FILE.exec(file)
  if (window && segments.at(-2) === 'uptime') {
    const days = Number(window[1])
    if (!isWindow(days)) return null
    return { metric: { kind: 'uptime', days }, format: window[2] as BadgeFormat, rest: segments.slice(0, -2) }
  }
  const named = FILE.exec(file)
  if (!named) return null
  return {
    metric: { kind: named[1] as 'status' | 'incidents' },
    format: named[2] as BadgeFormat,
    rest: segments.slice(0, -1),
  }
}

/** The badge the segments after `/badge/` name, or null (no such badge: a 404). */
export function parseBadgePath(segments: readonly string[]): BadgeAddress | null {
  const found = metricOf(segments)
  if (!found) return null
  const { metric, format, rest } = found
  if (rest.length === 0) return { subject: { kind: 'page' }, metric, format }
  const [kind, slug] = rest
  if (rest.length !== 2 || (kind !== 'service' && kind !== 'group') || !slug) return null
  return { subject: { kind, slug }, metric, format }
}

export interface BadgeOptions {
  /** The text on the left instead of the badge's own (`?label=`); '' leaves the left part out; null: the badge's own. */
  label: string | null
  /** null: none asked (the SVG is `flat`, shields' default; the JSON leaves the choice to whoever renders it). */
  style: BadgeStyle | null
}

export interface InvalidParameter {
  name: string
  reason: string
}

/** `?label=` and `?style=` (the last of each when sent twice): the options, or every parameter that is wrong and why. */
export function badgeOptions(query: URLSearchParams): { options: BadgeOptions } | { invalid: InvalidParameter[] } {
  const invalid: InvalidParameter[] = []
  const label = query.getAll('label').at(-1) ?? null
  if (label !== null && [...label].length > BADGE_LABEL_MAX)
    invalid.push({ name: 'label', reason: `must be at most ${BADGE_LABEL_MAX} characters` })
  const style = query.getAll('style').at(-1) ?? null
  if (style !== null && !(BADGE_STYLES as readonly string[]).includes(style))
    invalid.push({ name: 'style', reason: `must be one of ${BADGE_STYLES.join(', ')}` })
  return invalid.length ? { invalid } : { options: { label, style: style as BadgeStyle | null } }
}
