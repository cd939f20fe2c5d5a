import { dataResponse, parseQuery, preflightResponse } from '@/public-api/http'
import { listMaintenances, nextMaintenanceTransition } from '@/public-api/read-model'
import { localizedMaintenance } from '@/public-api/localized'
import { publicGet } from '@/public-api/route'
import { MaintenanceListQuery } from '@/public-api/schemas'

export const dynamic = 'force-dynamic'

export const GET = publicGet(async (request, { payload, links, clock, language }) => {
  const parsed = parseQuery(request, MaintenanceListQuery, [], language.t)
  if ('response' in parsed) return parsed.response
  const [{ items, page }, transition] = await Promise.all([
    listMaintenances(payload, parsed.query, links),
    nextMaintenanceTransition(payload, clock.now),
  ])
  clock.changesAt(transition)
  return dataResponse(
    request,
    items.map((m) => localizedMaintenance(m, language)),
    { page: { ...page, base: links.base }, expiresAt: clock.expiresAt },
  )
})

export const OPTIONS = preflightResponse
