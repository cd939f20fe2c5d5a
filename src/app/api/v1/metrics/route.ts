import { metricsKeyOf } from '@/domain/metrics'
import { dataResponse, preflightResponse } from '@/public-api/http'
import { pageMetrics, toMetricSummary } from '@/public-api/metrics'
import { publicGet } from '@/public-api/route'

export const dynamic = 'force-dynamic'

/** `/api/v1/metrics`: the metrics the page shows (docs/metrics.md). */
export const GET = publicGet(
  async (request, { payload, links }) =>
    dataResponse(request, (await pageMetrics(payload, links.scope)).map(toMetricSummary)),
  { cacheKey: metricsKeyOf },
)

export const OPTIONS = preflightResponse
