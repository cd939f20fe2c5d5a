import { listMaintenances, maintenanceSeries, nextMaintenanceTransition } from '@/public-api/read-model'
import { buildCalendar, inLanguage } from '@/site/feeds'
import { sitePage } from '@/site/respond'

export const dynamic = 'force-dynamic'

/** `/maintenances.ics`: the 100 maintenances with the latest start (cancelled ones marked CANCELLED), in the response's language. */
export const GET = sitePage(async (_request, { payload, links: pageLinks, settings, clock }) => {
  const links = inLanguage(pageLinks, settings)
  const [maintenances, transition] = await Promise.all([
    listMaintenances(payload, { page: 1, limit: 100 }, links),
    nextMaintenanceTransition(payload, clock.now),
  ])
  clock.changesAt(transition)
  const series = await maintenanceSeries(
    payload,
    maintenances.items.map((m) => m.shortId),
    settings.timeZone,
  )
  return {
    body: buildCalendar(maintenances.items, settings, links, series),
    contentType: 'text/calendar; charset=utf-8',
  }
})
