import config from '@payload-config'
import { getPayload } from 'payload'

import { publicError } from '@/errors'
import { problemResponse } from '@/public-api/http'
import { pushPoints } from '@/services/metrics/push-points'

export const dynamic = 'force-dynamic'

/**
 * Statuspage's `POST /v1/pages/<page_id>/metrics/<metric_id>/data.json` (docs/metrics.md), so its scripts work by
 * changing the host: the metric by slug or id, the page id not needed (a metric knows its pages), the key as
 * `Authorization: users API-Key <key>`. Errors are RFC 9457 problems, as under /api/v1.
 */
export async function POST(request: Request, route: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const payload = await getPayload({ config })
    const { user } = await payload.auth({ headers: request.headers })
    const body: unknown = await request.json().catch(() => undefined)
    const outcome = await pushPoints(payload, user, (await route.params).id, body)
    return Response.json(outcome, { status: 201, headers: { 'cache-control': 'no-store' } })
  } catch (error) {
    const failure = publicError(error, 'The points could not be written just now. Please try again shortly.')
    if (!failure.expected) console.error('POST', new URL(request.url).pathname, 'failed:', error)
    return problemResponse(request, { status: failure.status, detail: failure.message }, failure.headers)
  }
}
