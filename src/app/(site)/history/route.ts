import { NotFound } from '@/errors'
import {
  listIncidents,
  listMaintenances,
  listServices,
  nextMaintenanceStart,
  nextMaintenanceTransition,
} from '@/public-api/read-model'
import { historyPage } from '@/site/pages'
import { sitePage } from '@/site/respond'

export const dynamic = 'force-dynamic'

const PER_PAGE = 10

function pageNumber(value: string | null): number {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1
}

/**
 * `/history?page=N&service=<slug>`: incidents (newest first) and maintenances that have started today or before
 * (newest start first; completed today included), paged together, of one service when `service` names one (an
 * unknown slug is the 404 page).
 */
export const GET = sitePage(async (request, { payload, links, settings, clock }) => {
  const params = new URL(request.url).searchParams
  const page = pageNumber(params.get('page'))
  const services = (await listServices(payload, links.scope, links.content)).map((s) => ({
    slug: s.slug,
    name: s.name,
  }))
  const slug = params.get('service') || undefined
  const service = slug === undefined ? null : (services.find((s) => s.slug === slug) ?? null)
  if (slug !== undefined && !service) throw new NotFound('service')
  const [incidents, maintenances, transition, nextStart] = await Promise.all([
    listIncidents(payload, { page, limit: PER_PAGE, service: slug }, links),
    listMaintenances(payload, { to: clock.now.toISOString(), page, limit: PER_PAGE, service: slug }, links),
    nextMaintenanceTransition(payload, clock.now),
    nextMaintenanceStart(payload, clock.now),
  ])
  // A maintenance joins the list when its start passes, whatever its status (a cancelled one too).
  clock.changesAt(transition)
  clock.changesAt(nextStart)
  const lastPage = Math.max(
    1,
    Math.ceil(incidents.page.totalDocs / PER_PAGE),
    Math.ceil(maintenances.page.totalDocs / PER_PAGE),
  )
  return {
    body: historyPage(
      { page, lastPage, incidents: incidents.items, maintenances: maintenances.items, services, service },
      settings,
    ),
  }
})
