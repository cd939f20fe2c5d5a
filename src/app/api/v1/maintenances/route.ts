import { dataResponse, parseQuery, preflightResponse } from '@/public-api/http'
import { listMaintenances, nextMaintenanceTransition } from '@/public-api/read-model'
import { publicGet } from '@/public-api/route'
import { MaintenanceListQuery } from '@/public-api/schemas'

export const dynamic = 'force-dynamic'

export const GET = publicGet(async (request, { payload, links, clock }) => {
  const parsed = parseQuery(request, MaintenanceListQuery)
  if ('response' in parsed) return parsed.response
  const [{ items, page }, transition] = await Promise.all([
    listMaintenances(payload, parsed.query, links),
    nextMaintenanceTransition(payload, clock.now),
  ])
  clock.changesAt(transition)
  return dataResponse(request, items, { page: { ...page, base: links.base }, expiresAt: clock.expiresAt })
})

export const OPTIONS = preflightResponse
