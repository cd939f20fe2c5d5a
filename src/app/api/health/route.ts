import config from '@payload-config'
import { getPayload } from 'payload'

export const dynamic = 'force-dynamic'

/** Ready when Payload has started and the database answers; load balancers and the start script ask here. */
export async function GET() {
  try {
    const payload = await getPayload({ config })
    await payload.count({ collection: 'services', overrideAccess: true })
    return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } })
  } catch {
    return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'cache-control': 'no-store' } })
  }
}
