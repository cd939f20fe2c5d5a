import { dataResponse, preflightResponse } from '../../../../public-api/http'
import { nextMaintenanceTransition, statusSummary } from '../../../../public-api/read-model'
import { publicGet } from '../../../../public-api/route'

export const dynamic = 'force-dynamic'

export const GET = publicGet(async (request, { payload, links }) => {
  const [summary, expiresAt] = await Promise.all([statusSummary(payload, links), nextMaintenanceTransition(payload)])
  return dataResponse(request, summary, { expiresAt })
})

export const OPTIONS = preflightResponse
