import { dataResponse, notFound, preflightResponse } from '@/public-api/http'
import { findMaintenance, nextMaintenanceTransition } from '@/public-api/read-model'
import { localizedMaintenance } from '@/public-api/localized'
import { publicGet } from '@/public-api/route'

export const dynamic = 'force-dynamic'

export const GET = publicGet<{ shortId: string }>(async (request, { payload, links, clock, language }, { shortId }) => {
  const [maintenance, transition] = await Promise.all([
    findMaintenance(payload, shortId, links),
    nextMaintenanceTransition(payload, clock.now),
  ])
  clock.changesAt(transition)
  return maintenance
    ? dataResponse(request, localizedMaintenance(maintenance, language), { expiresAt: clock.expiresAt })
    : notFound(request, 'maintenance', language.t)
})

export const OPTIONS = preflightResponse
