import { metricsKeyOf } from '@/domain/metrics'
import { dataResponse, parseQuery, preflightResponse, problemResponse } from '@/public-api/http'
import { pageMetrics, rangePoints, toMetricSummary } from '@/public-api/metrics'
import { publicGet } from '@/public-api/route'
import { MetricQuery } from '@/public-api/schemas'

export const dynamic = 'force-dynamic'

/**
 * `/api/v1/metrics/<slug>?range=day|week|month` (or `period=`): a metric's points (docs/metrics.md). Fresh until the
 * next write of its points, or until its newest bucket's end, whichever comes first.
 */
export const GET = publicGet<{ slug: string }>(
  async (request, { payload, links, clock, language }, { slug }) => {
    const parsed = parseQuery(request, MetricQuery, [], language.t)
    if ('response' in parsed) return parsed.response
    const metric = (await pageMetrics(payload, links.scope)).find((shown) => shown.slug === slug)
    if (!metric)
      return problemResponse(request, { status: 404, detail: language.t('api.problem.notFound', { what: 'metric' }) })
    const range = parsed.query.range ?? parsed.query.period ?? 'day'
    const read = await rangePoints(payload, metric.id, range, clock.now)
    // The range moves on with the clock: its first bucket drops out when the next one starts.
    clock.changesAt(new Date(read.from.getTime() + read.resolution * 1000))
    return dataResponse(
      request,
      {
        ...toMetricSummary(metric),
        range,
        resolution: read.resolution,
        from: read.from.toISOString(),
        to: read.to.toISOString(),
        points: read.points.map(({ t, v }) => ({ t: new Date(t * 1000).toISOString(), v })),
      },
      { expiresAt: clock.expiresAt },
    )
  },
  { cacheKey: metricsKeyOf },
)

export const OPTIONS = preflightResponse
