import { preflightResponse } from '@/public-api/http'
import { maintenances } from '@/public-api/v2/read-model'
import { statuspageGet } from '@/public-api/v2/route'

export const dynamic = 'force-dynamic'

export const GET = statuspageGet(async ({ payload }, site) => ({
  scheduled_maintenances: await maintenances(payload, site, 'recent'),
}))

export const OPTIONS = preflightResponse
