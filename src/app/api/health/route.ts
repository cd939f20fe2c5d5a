import config from '@payload-config'
import { getPayload } from 'payload'

import { edgeHealth } from '@/runtime/health'
import { metricsHealthFor } from '@/services/metrics/health-details'

export const dynamic = 'force-dynamic'

/** How long the answer waits for the database: a health check must answer whatever the database does. */
const DATABASE_WAIT_MS = 600

/** The probe in flight: while the database does not answer, checks share one query instead of filling the pool. */
let probing: Promise<boolean> | undefined
/** Payload started once (it connects and migrates on its first use), and whether the last probe failed. */
let started = false
let failed = false

function databaseAnswers(): Promise<boolean> {
  probing ??= (async () => {
    const payload = await getPayload({ config })
    started = true
    await payload.count({ collection: 'services', overrideAccess: true })
    return true
  })()
    .catch(() => false)
    .then((answered) => {
      failed = !answered
      probing = undefined
      return answered
    })
  return probing
}

/** `starting`: Payload is still connecting and migrating for the first time, and nothing has failed yet. */
async function databaseWithin(ms: number): Promise<'up' | 'down' | 'starting'> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, ms, null)))
  try {
    const answered = await Promise.race([databaseAnswers(), late])
    if (answered === null) return started || failed ? 'down' : 'starting'
    return answered ? 'up' : 'down'
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Ready when Payload has started and the database answers within DATABASE_WAIT_MS; load balancers and the start
 * script ask here. The body names each dependency: `{"status":"unavailable","database":"down","redis":"up"}` is a
 * 503. A Redis outage alone is reported with 200 (`"status":"degraded","redis":"down"`): every instance shares that
 * Redis, so a 503 would take them all out of a load balancer at once, while they still serve correctly
 * (docs/architecture.md).
 */
export async function GET(request?: Request) {
  const database = await databaseWithin(DATABASE_WAIT_MS)
  const edge = edgeHealth()
  const headers = { 'cache-control': 'no-store' }
  if (database === 'starting') return Response.json({ status: 'starting', ...edge }, { status: 503, headers })
  if (database === 'down') return Response.json({ status: 'unavailable', database, ...edge }, { status: 503, headers })
  const status = edge.redis === 'down' ? 'degraded' : 'ok'
  // An administrator also sees the Prometheus metrics' last queries and errors (docs/metrics.md).
  const metrics = request ? await adminDetails(request) : null
  return Response.json({ status, database, ...edge, ...(metrics ? { metrics } : {}) }, { headers })
}

async function adminDetails(request: Request) {
  try {
    return await metricsHealthFor(await getPayload({ config }), request.headers)
  } catch {
    // The health answer never fails for its details.
    return null
  }
}
