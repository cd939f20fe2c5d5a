/**
 * The metrics a page shows and their points (docs/metrics.md), for /api/v1/metrics and the page's charts: the
 * metrics are read with their services' slugs, filtered by the page (src/settings/metric-pages.ts); the points of a
 * range come from the resolution it reads (src/domain/metrics.ts's RANGE_SPANS), rolled up when they were written.
 */
import type { Payload } from 'payload'

import { connectionFor } from '@/db/sql'
import { relationId } from '@/db/relation-id'
import {
  bucketStart,
  METRIC_RANGES,
  type MetricAggregation,
  type MetricPoint,
  type MetricRange,
  RANGE_SPANS,
} from '@/domain/metrics'
import type { PageScope } from '@/domain/pages'
import { pageShowsMetric } from '@/settings/metric-pages'
import { pageServiceIds } from '@/settings/pages'
import { readBuckets } from '@/db/metric-points'

export interface PublicMetric {
  id: number
  slug: string
  name: string
  unit: string
  decimals: number
  aggregation: MetricAggregation
  /** Its service's id and slug, when it belongs to one. */
  serviceId: number | null
  service: string | null
}

/** The metrics the page of `scope` shows, in display order. */
export async function pageMetrics(payload: Payload, scope: PageScope): Promise<PublicMetric[]> {
  const { docs } = await payload.find({
    collection: 'metrics',
    select: { slug: true, name: true, unit: true, decimals: true, aggregation: true, service: true, pages: true },
    sort: ['displayOrder', 'name'],
    depth: 0,
    pagination: false,
    overrideAccess: true,
  })
  if (docs.length === 0) return []
  const shown = await pageServiceIds(payload, scope)
  const onPage = docs.filter((doc) => pageShowsMetric(scope, shown, doc))
  const serviceIds = [...new Set(onPage.map((doc) => relationId(doc.service)).filter((id) => id !== null))]
  const slugs = new Map<number, string>()
  if (serviceIds.length) {
    const services = await payload.find({
      collection: 'services',
      where: { id: { in: serviceIds } },
      select: { slug: true },
      depth: 0,
      pagination: false,
      overrideAccess: true,
    })
    for (const service of services.docs) slugs.set(service.id, service.slug ?? '')
  }
  return onPage.map((doc) => {
    const serviceId = relationId(doc.service)
    return {
      id: doc.id,
      slug: doc.slug ?? '',
      name: doc.name,
      unit: doc.unit ?? '',
      decimals: doc.decimals ?? 0,
      aggregation: doc.aggregation,
      serviceId,
      service: serviceId === null ? null : (slugs.get(serviceId) ?? null),
    }
  })
}

/** A metric as /api/v1/metrics lists it. */
export function toMetricSummary(metric: PublicMetric) {
  return {
    slug: metric.slug,
    name: metric.name,
    unit: metric.unit,
    decimals: metric.decimals,
    aggregation: metric.aggregation,
    service: metric.service,
    services: metric.service ? [metric.service] : [],
    periods: [...METRIC_RANGES],
  }
}

export interface RangePoints {
  range: MetricRange
  resolution: number
  from: Date
  to: Date
  points: MetricPoint[]
}

/** A metric's points over `range` ending at `now`: the buckets that start in the range, the current one included. */
export async function rangePoints(
  payload: Payload,
  metricId: number,
  range: MetricRange,
  now: Date,
): Promise<RangePoints> {
  const { seconds, resolution } = RANGE_SPANS[range]
  const end = Math.floor(now.getTime() / 1000)
  const start = bucketStart(end - seconds, resolution) + resolution
  const rows = await readBuckets(payload, await connectionFor(payload), metricId, resolution, start, end + 1)
  return {
    range,
    resolution,
    from: new Date(start * 1000),
    to: new Date(end * 1000),
    points: rows.map(({ t, v }) => ({ t, v })),
  }
}

/** A chart's metric and its points. */
export interface MetricChartData {
  metric: PublicMetric
  data: RangePoints
}

/**
 * The page's charts over `range`: by service slug (each under its service), and those of no service. Empty when the
 * page shows no metric (one query), so a page without metrics reads and renders as before.
 */
export async function pageCharts(
  payload: Payload,
  scope: PageScope,
  range: MetricRange,
  now: Date,
): Promise<{ byService: Map<string, MetricChartData[]>; unattached: MetricChartData[]; count: number }> {
  const metrics = await pageMetrics(payload, scope)
  const charts = await Promise.all(
    metrics.map(async (metric) => ({ metric, data: await rangePoints(payload, metric.id, range, now) })),
  )
  const byService = new Map<string, MetricChartData[]>()
  const unattached: MetricChartData[] = []
  for (const chart of charts) {
    const service = chart.metric.service
    if (service === null) unattached.push(chart)
    else byService.set(service, [...(byService.get(service) ?? []), chart])
  }
  return { byService, unattached, count: charts.length }
}
