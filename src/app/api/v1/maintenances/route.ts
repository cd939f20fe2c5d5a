import { dataResponse, parseQuery, preflightResponse } from '../../../../public-api/http'
import { listMaintenances, nextMaintenanceTransition } from '../../../../public-api/read-model'
import { publicGet } from '../../../../public-api/route'
import { MaintenanceListQuery } from '../../../../public-api/schemas'

export const dynamic = 'force-dynamic'

export const GET = publicGet(async (request, { payload, links }) => {
  const parsed = parseQuery(request, MaintenanceListQuery)
  if ('response' in parsed) return parsed.response
  const [{ items, page }, expiresAt] = await Promise.all([listMaintenances(payload, parsed.query, links), nextMaintenanceTransition(payload)])
  return dataResponse(request, items, { page, expiresAt })
})

export const OPTIONS = preflightResponse
