import { dataResponse, notFound, preflightResponse } from '@/public-api/http'
import { findIncident } from '@/public-api/read-model'
import { publicGet } from '@/public-api/route'

export const dynamic = 'force-dynamic'

export const GET = publicGet<{ shortId: string }>(async (request, { payload, links, language }, { shortId }) => {
  const incident = await findIncident(payload, shortId, links)
  return incident ? dataResponse(request, incident) : notFound(request, 'incident', language.t)
})

export const OPTIONS = preflightResponse
