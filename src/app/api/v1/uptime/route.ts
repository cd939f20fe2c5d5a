import { dataResponse, problemResponse, parseQuery, preflightResponse } from '@/public-api/http'
import { listServices } from '@/public-api/read-model'
import { publicGet } from '@/public-api/route'
import { uptimeQueryFor } from '@/public-api/schemas'
import {
  selectUptime,
  toCompactUptime,
  toUptime,
  uptimeChangesAt,
  uptimeOptions,
  uptimeTable,
} from '@/public-api/uptime'

export const dynamic = 'force-dynamic'

/** `/api/v1/uptime`: uptime per service and UTC day, a page of services at a time; expires when the clock next changes what it says. */
export const GET = publicGet(async (request, { payload, links, clock, language }) => {
  // The page's window (docs/pages.md) is the longest asked and the default.
  const options = uptimeOptions(links.scope)
  const parsed = parseQuery(request, uptimeQueryFor(options.days), ['service'], language.t)
  if ('response' in parsed) return parsed.response
  const { days, page, limit, format } = parsed.query
  const [table, shown] = await Promise.all([
    uptimeTable(payload, clock.now, links.content, options),
    listServices(payload, links.scope, links.content),
  ])
  const onPage = new Set(shown.map((s) => s.slug))
  const { selected, missing } = selectUptime(
    table.services.filter((s) => onPage.has(s.slug)),
    parsed.query,
  )
  if (missing.length)
    return problemResponse(request, {
      status: 404,
      detail: language.t('api.problem.unknownServices', { count: missing.length, slugs: missing.join(', ') }),
    })
  const services = selected.slice((page - 1) * limit, page * limit)
  clock.changesAt(uptimeChangesAt(services, days, clock.now))
  const data = format === 'compact' ? toCompactUptime(services, days) : toUptime(services, days)
  return dataResponse(request, data, {
    expiresAt: clock.expiresAt,
    page: { page, limit, totalDocs: selected.length, base: links.base },
  })
})

export const OPTIONS = preflightResponse
