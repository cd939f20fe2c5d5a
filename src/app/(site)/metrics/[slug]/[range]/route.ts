import { METRIC_RANGES, type MetricRange } from '@/domain/metrics'
import { NotFound } from '@/errors'
import { pageMetrics, rangePoints } from '@/public-api/metrics'
import { chartChangesAt } from '@/site/metric-charts'
import { metricPage } from '@/site/pages'
import { sitePage } from '@/site/respond'

export const dynamic = 'force-dynamic'

/** `/metrics/<slug>/<range>`: a metric the page shows, over a day, a week or a month (one cached path each). */
export const GET = sitePage<{ slug: string; range: string }>(
  async (_request, { payload, links, settings, clock }, { slug, range }) => {
    if (!(METRIC_RANGES as readonly string[]).includes(range)) throw new NotFound('metric')
    const metric = (await pageMetrics(payload, links.scope)).find((m) => m.slug === slug)
    if (!metric) throw new NotFound('metric')
    const data = await rangePoints(payload, metric.id, range as MetricRange, clock.now)
    clock.changesAt(chartChangesAt(range as MetricRange, clock.now))
    return { body: metricPage({ metric, data }, settings), charts: true }
  },
)
