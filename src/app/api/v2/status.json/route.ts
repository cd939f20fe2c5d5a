import { preflightResponse } from '@/public-api/http'
import { statusOf } from '@/public-api/v2/read-model'
import { statuspageGet } from '@/public-api/v2/route'

export const dynamic = 'force-dynamic'

export const GET = statuspageGet(async (_context, site) => ({ status: statusOf(site) }))

export const OPTIONS = preflightResponse
