import { preflightResponse } from '@/public-api/http'
import { incidents as listIncidents, maintenances as listMaintenances, statusOf } from '@/public-api/v2/read-model'
import { statuspageGet } from '@/public-api/v2/route'

export const dynamic = 'force-dynamic'

export const GET = statuspageGet(async ({ payload }, site) => {
  const [incidents, scheduled_maintenances] = await Promise.all([
    listIncidents(payload, site, 'unresolved'),
    listMaintenances(payload, site, 'current'),
  ])
  return { components: site.components, incidents, scheduled_maintenances, status: statusOf(site) }
})

export const OPTIONS = preflightResponse
