import { preflightResponse } from '@/public-api/http'
import { statuspageGet } from '@/public-api/v2/route'

export const dynamic = 'force-dynamic'

export const GET = statuspageGet(async (_context, site) => ({ components: site.components }))

export const OPTIONS = preflightResponse
