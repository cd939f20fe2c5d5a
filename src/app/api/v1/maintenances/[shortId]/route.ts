import { dataResponse, notFound, preflightResponse } from '../../../../../public-api/http'
import { findMaintenance, nextMaintenanceTransition } from '../../../../../public-api/read-model'
import { publicGet } from '../../../../../public-api/route'

export const dynamic = 'force-dynamic'

export const GET = publicGet<{ shortId: string }>(async (request, { payload, links }, { shortId }) => {
  const [maintenance, expiresAt] = await Promise.all([findMaintenance(payload, shortId, links), nextMaintenanceTransition(payload)])
  return maintenance ? dataResponse(request, maintenance, { expiresAt }) : notFound(request, 'maintenance')
})

export const OPTIONS = preflightResponse
