import { listIncidents, listMaintenances, nextMaintenanceStart, nextMaintenanceTransition } from '../../../public-api/read-model'
import { historyPage } from '../../../site/pages'
import { sitePage } from '../../../site/respond'

export const dynamic = 'force-dynamic'

const PER_PAGE = 10

function pageNumber(value: string | null): number {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1
}

/** `/history?page=N`: incidents (newest first) and maintenances that have started (newest start first), paged together. */
export const GET = sitePage(async (request, { payload, links, settings, clock }) => {
  const page = pageNumber(new URL(request.url).searchParams.get('page'))
  const [incidents, maintenances, transition, nextStart] = await Promise.all([
    listIncidents(payload, { page, limit: PER_PAGE }, links),
    listMaintenances(payload, { to: clock.now.toISOString(), page, limit: PER_PAGE }, links),
    nextMaintenanceTransition(payload, clock.now),
    nextMaintenanceStart(payload, clock.now),
  ])
  // A maintenance joins the list when its start passes, whatever its status (a cancelled one too).
  clock.changesAt(transition)
  clock.changesAt(nextStart)
  const lastPage = Math.max(1, Math.ceil(incidents.page.totalDocs / PER_PAGE), Math.ceil(maintenances.page.totalDocs / PER_PAGE))
  return { body: historyPage({ page, lastPage, incidents: incidents.items, maintenances: maintenances.items }, settings) }
})
