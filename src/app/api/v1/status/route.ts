import { dataResponse, preflightResponse } from '@/public-api/http'
import { nextMaintenanceTransition, statusSummary } from '@/public-api/read-model'
import { publicGet } from '@/public-api/route'

export const dynamic = 'force-dynamic'

export const GET = publicGet(async (request, { payload, links, page, clock }) => {
  const [summary, transition] = await Promise.all([
    statusSummary(payload, links, page),
    nextMaintenanceTransition(payload, clock.now),
  ])
  clock.changesAt(transition)
  return dataResponse(request, summary, { expiresAt: clock.expiresAt })
})

export const OPTIONS = preflightResponse
