import { listIncidents, listMaintenances } from '@/public-api/read-model'
import { buildFeed, inLanguage } from '@/site/feeds'
import { sitePage } from '@/site/respond'

export const dynamic = 'force-dynamic'

/** `/feed.atom`: the 50 newest incidents and 50 newest maintenances, by last change, in the response's language. */
export const GET = sitePage(async (_request, { payload, links: pageLinks, settings }) => {
  const links = inLanguage(pageLinks, settings)
  const [incidents, maintenances] = await Promise.all([
    listIncidents(payload, { page: 1, limit: 50 }, links),
    listMaintenances(payload, { page: 1, limit: 50 }, links),
  ])
  return {
    body: buildFeed(incidents.items, maintenances.items, settings, links).atom1(),
    contentType: 'application/atom+xml; charset=utf-8',
  }
})
