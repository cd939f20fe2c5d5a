import { dataResponse, preflightResponse } from '@/public-api/http'
import { listServices } from '@/public-api/read-model'
import { publicGet } from '@/public-api/route'

export const dynamic = 'force-dynamic'

export const GET = publicGet(async (request, { payload, links }) =>
  dataResponse(request, await listServices(payload, links.scope, links.content)),
)

export const OPTIONS = preflightResponse
