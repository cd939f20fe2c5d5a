import config from '@payload-config'
import { getPayload } from 'payload'

import { edgeHealth } from '../../../runtime/health'

export const dynamic = 'force-dynamic'

/**
 * Ready when Payload has started and the database answers; load balancers and the start script ask here. A Redis
 * outage is reported in the body (`"status":"degraded","redis":"down"`) with 200: every instance shares that Redis,
 * so a 503 would take them all out of a load balancer at once, while they still serve correctly (docs/architecture.md).
 */
export async function GET() {
  try {
    const payload = await getPayload({ config })
    await payload.count({ collection: 'services', overrideAccess: true })
    const edge = edgeHealth()
    const body = edge.redis === 'down' ? { status: 'degraded', redis: 'down' } : { status: 'ok', ...edge }
    return Response.json(body, { headers: { 'cache-control': 'no-store' } })
  } catch {
    return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'cache-control': 'no-store' } })
  }
}
