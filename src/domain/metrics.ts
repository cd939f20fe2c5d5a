/**
 * Metrics (docs/metrics.md): numbers shown as charts beside the services. The rules here are pure: how points
 * combine over an interval, the resolutions points are kept at, which resolution and span a chart range reads,
 * what a pushed point may be, and the cache key of a page's metric responses.
 */

/** How a metric's points combine over an interval. */
export const METRIC_AGGREGATIONS = ['avg', 'max', 'sum', 'last'] as const
export type MetricAggregation = (typeof METRIC_AGGREGATIONS)[number]

export const METRIC_AGGREGATION_LABELS: Record<MetricAggregation, string> = {
  avg: 'Average',
  max: 'Maximum',
  sum: 'Sum',
  last: 'Last value',
}

/** Where a metric's points come from. */
export const METRIC_SOURCES = ['push', 'prometheus'] as const
export type MetricSource = (typeof METRIC_SOURCES)[number]

export const METRIC_SOURCE_LABELS: Record<MetricSource, string> = {
  push: 'Pushed through the API',
  prometheus: 'Prometheus query',
}

/** The resolutions points are stored at, in seconds: 0 is the raw points as written. */
export const RAW = 0
export const FIVE_MINUTES = 300
export const HOUR = 3600
export type Resolution = typeof RAW | typeof FIVE_MINUTES | typeof HOUR

/** The ranges a chart shows: the resolution it reads and how far back. */
export const METRIC_RANGES = ['day', 'week', 'month'] as const
export type MetricRange = (typeof METRIC_RANGES)[number]

export const RANGE_SPANS: Record<MetricRange, { seconds: number; resolution: Resolution }> = {
  day: { seconds: 86_400, resolution: FIVE_MINUTES },
  week: { seconds: 7 * 86_400, resolution: HOUR },
  month: { seconds: 30 * 86_400, resolution: HOUR },
}

/** One point, its time in whole seconds since the epoch. */
export interface MetricPoint {
  t: number
  v: number
}

/** A bucket of a roll-up: its start, its value, and how many raw points it combines (an average needs them). */
export interface Bucket extends MetricPoint {
  n: number
}

/** The start of the bucket of `resolution` seconds that holds `t`. */
export const bucketStart = (t: number, resolution: number): number => Math.floor(t / resolution) * resolution

/**
 * Combines buckets (or raw points, each with n = 1), in time order, into one value. An average weighs each by its
 * count, so an hour rolled up from 5-minute buckets is the average of its raw points.
 */
export function combine(aggregation: MetricAggregation, parts: readonly Bucket[]): { v: number; n: number } {
  const n = parts.reduce((total, part) => total + part.n, 0)
  if (aggregation === 'max') return { v: Math.max(...parts.map((p) => p.v)), n }
  if (aggregation === 'sum') return { v: parts.reduce((total, p) => total + p.v, 0), n }
  if (aggregation === 'last') return { v: parts.reduce((latest, p) => (p.t >= latest.t ? p : latest)).v, n }
  return { v: parts.reduce((total, p) => total + p.v * p.n, 0) / n, n }
}

/** Rolls points or buckets up into buckets of `resolution` seconds, in time order. */
export function rollUp(aggregation: MetricAggregation, parts: readonly Bucket[], resolution: number): Bucket[] {
  const byStart = new Map<number, Bucket[]>()
  for (const part of parts) {
    const start = bucketStart(part.t, resolution)
    const list = byStart.get(start)
    if (list) list.push(part)
    else byStart.set(start, [part])
  }
  return [...byStart.entries()].sort(([a], [b]) => a - b).map(([t, list]) => ({ t, ...combine(aggregation, list) }))
}

/** How far a pushed point may lie in the future (clocks differ a little). */
export const FUTURE_TOLERANCE_SECONDS = 300

/** The most points one push may carry. */
export const MAX_POINTS_PER_PUSH = 10_000

/** A pushed point as sent: a timestamp (seconds, or an ISO date) and a value. */
export type PointProblem = { index: number; field: 'timestamp' | 'value'; reason: string }

/** A pushed timestamp in whole seconds: epoch seconds, epoch milliseconds (13 digits) or an ISO 8601 date. */
export function pointTime(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    const seconds = Math.abs(value) >= 1e11 ? value / 1000 : value
    return Math.floor(seconds)
  }
  if (typeof value === 'string' && value.trim() !== '') {
    if (/^\d+(\.\d+)?$/.test(value.trim())) return pointTime(Number(value))
    const ms = Date.parse(value)
    return Number.isNaN(ms) ? null : Math.floor(ms / 1000)
  }
  return null
}

/** The point, or why not: a value that is not a finite number, a time that is not one or lies in the future. */
export function checkPoint(raw: unknown, index: number, nowSeconds: number): MetricPoint | PointProblem {
  const point = (raw ?? {}) as { timestamp?: unknown; value?: unknown }
  const t = pointTime(point.timestamp)
  if (t === null || t < 0) return { index, field: 'timestamp', reason: 'must be a Unix time in seconds or an ISO date' }
  if (t > nowSeconds + FUTURE_TOLERANCE_SECONDS)
    return { index, field: 'timestamp', reason: 'must not be more than 5 minutes in the future' }
  const v = typeof point.value === 'string' && point.value.trim() !== '' ? Number(point.value) : point.value
  if (typeof v !== 'number' || !Number.isFinite(v)) return { index, field: 'value', reason: 'must be a finite number' }
  return { t, v }
}

/** Several points of one timestamp in one push: the last one sent counts (a repeat replaces, never duplicates). */
export function lastPerTimestamp(points: readonly MetricPoint[]): MetricPoint[] {
  const byTime = new Map<number, number>()
  for (const point of points) byTime.set(point.t, point.v)
  return [...byTime.entries()].sort(([a], [b]) => a - b).map(([t, v]) => ({ t, v }))
}

/**
 * The response cache's key of a page's metric responses (src/runtime/data-version.ts): apart from the page's own
 * key (pageKeyOf), so that a write of points makes only the metric responses of the pages showing it stale, never
 * the page's status.
 */
export const METRICS_KEY_OFFSET = 2 ** 40
export const metricsKeyOf = (pageKey: number): number => METRICS_KEY_OFFSET + pageKey

/**
 * The points of a push body: `{data: [{timestamp, value}, …]}`, or Statuspage's one point `{data: {timestamp,
 * value}}`, each checked (checkPoint) and none older than `oldestSeconds` (the raw points' retention: a bucket is
 * rolled up from the raw points it holds). The problem names the first bad point.
 */
export function pushedPoints(
  body: unknown,
  nowSeconds: number,
  oldestSeconds: number,
): { points: MetricPoint[] } | { problem: string; field: string } | { tooMany: number } {
  const data = (body as { data?: unknown } | null)?.data
  const list = Array.isArray(data) ? data : data && typeof data === 'object' ? [data] : null
  if (!list) return { problem: 'The body must be {"data": [{"timestamp": …, "value": …}, …]}.', field: 'data' }
  if (list.length > MAX_POINTS_PER_PUSH) return { tooMany: list.length }
  const points: MetricPoint[] = []
  for (const [index, raw] of list.entries()) {
    const checked = checkPoint(raw, index, nowSeconds)
    if ('reason' in checked) {
      const field = Array.isArray(data) ? `data.${index}.${checked.field}` : `data.${checked.field}`
      return { problem: `${field} ${checked.reason}.`, field }
    }
    if (checked.t < oldestSeconds) {
      const field = Array.isArray(data) ? `data.${index}.timestamp` : 'data.timestamp'
      return { problem: `${field} is older than the points kept as written (METRICS_RAW_RETENTION_HOURS).`, field }
    }
    points.push(checked)
  }
  return { points: lastPerTimestamp(points) }
}
