import { dataResponse, preflightResponse } from '@/public-api/http'
import { nextMaintenanceTransition, statusSummary } from '@/public-api/read-model'
import { localizedMaintenance } from '@/public-api/localized'
import { publicGet } from '@/public-api/route'

export const dynamic = 'force-dynamic'

export const GET = publicGet(async (request, { payload, links, page, clock, language }) => {
  const [summary, transition] = await Promise.all([
    statusSummary(payload, links, page, { visibleNow: true }),
    nextMaintenanceTransition(payload, clock.now),
  ])
  clock.changesAt(transition)
  const activeMaintenances = summary.activeMaintenances.map((m) => localizedMaintenance(m, language))
  return dataResponse(request, { ...summary, activeMaintenances }, { expiresAt: clock.expiresAt })
})

export const OPTIONS = preflightResponse
