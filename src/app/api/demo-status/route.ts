import config from '@payload-config'
import { getPayload } from 'payload'

import { demoStatus } from '@/demo/schedule'
import { cmsErrorResponse, ServiceError } from '@/errors'

export const dynamic = 'force-dynamic'

/** GET /api/demo-status: {isDemoMode, timeUntilReset ("12m 05s"), resetIntervalMinutes}. */
export async function GET(): Promise<Response> {
  try {
    const status = await demoStatus(await getPayload({ config }))
    return Response.json(status, { headers: { 'cache-control': 'no-store' } })
  } catch (error) {
    console.error('GET /api/demo-status failed:', error)
    return cmsErrorResponse(new ServiceError(500, 'The demo status could not be read just now.'))
  }
}
