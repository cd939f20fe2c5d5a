import { dataResponse, parseQuery, preflightResponse } from '@/public-api/http'
import { listIncidents } from '@/public-api/read-model'
import { publicGet } from '@/public-api/route'
import { IncidentListQuery } from '@/public-api/schemas'

export const dynamic = 'force-dynamic'

export const GET = publicGet(async (request, { payload, links, language }) => {
  const parsed = parseQuery(request, IncidentListQuery, [], language.t)
  if ('response' in parsed) return parsed.response
  const { items, page } = await listIncidents(payload, parsed.query, links)
  return dataResponse(request, items, { page: { ...page, base: links.base } })
})

export const OPTIONS = preflightResponse
