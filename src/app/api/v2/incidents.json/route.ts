import { preflightResponse } from '@/public-api/http'
import { incidents } from '@/public-api/v2/read-model'
import { statuspageGet } from '@/public-api/v2/route'

export const dynamic = 'force-dynamic'

export const GET = statuspageGet(async ({ payload }, site) => ({ incidents: await incidents(payload, site, 'recent') }))

export const OPTIONS = preflightResponse
