import { dataResponse, notFound, parseQuery, preflightResponse } from '../../../../public-api/http'
import { publicGet } from '../../../../public-api/route'
import { UptimeQuery } from '../../../../public-api/schemas'
import { toUptime, uptimeChangesAt, uptimeTable } from '../../../../public-api/uptime'

export const dynamic = 'force-dynamic'

/** `/api/v1/uptime`: uptime per service and UTC day; expires when the clock next changes what it says. */
export const GET = publicGet(async (request, { payload, clock }) => {
  const parsed = parseQuery(request, UptimeQuery)
  if ('response' in parsed) return parsed.response
  const { days, service } = parsed.query
  const table = await uptimeTable(payload, clock.now)
  const services = service === undefined ? table.services : table.services.filter((s) => s.slug === service)
  if (service !== undefined && services.length === 0) return notFound(request, 'service')
  clock.changesAt(uptimeChangesAt(services, days, clock.now))
  return dataResponse(request, toUptime(services, days), { expiresAt: clock.expiresAt })
})

export const OPTIONS = preflightResponse
