import { listIncidents, listServices } from '@/public-api/read-model'
import { uptimeChangesAt, uptimeOptions, uptimeTable } from '@/public-api/uptime'
import { servicePage } from '@/site/pages'
import { NotFound } from '@/errors'
import { sitePage } from '@/site/respond'
import { pageCharts } from '@/public-api/metrics'
import { chartChangesAt } from '@/site/metric-charts'

export const dynamic = 'force-dynamic'

/** `/s/<slug>`: one service, its current status, its uptime (unless the page shows it without) and its recent incidents. */
export const GET = sitePage<{ slug: string }>(async (_request, { payload, links, settings, clock }, { slug }) => {
  const [services, table, metrics] = await Promise.all([
    listServices(payload, links.scope, links.content),
    uptimeTable(payload, clock.now, links.content, uptimeOptions(links.scope)),
    pageCharts(payload, links.scope, 'day', clock.now),
  ])
  const service = services.find((s) => s.slug === slug)
  if (!service) throw new NotFound('service')
  const uptime = table.services.find((s) => s.slug === slug)
  const incidents = await listIncidents(payload, { service: slug, page: 1, limit: 25 }, links)
  if (uptime) clock.changesAt(uptimeChangesAt([uptime], uptime.days.length, clock.now))
  const shown = uptime && links.scope.display?.withoutUptime.has(uptime.id) ? false : uptime
  const charts = metrics.byService.get(slug) ?? []
  if (charts.length) clock.changesAt(chartChangesAt('day', clock.now))
  return { body: servicePage(service, shown, incidents.items, settings, charts), charts: charts.length > 0 }
})
