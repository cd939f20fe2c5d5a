import { listIncidents, listServices } from '@/public-api/read-model'
import { uptimeChangesAt, uptimeOptions, uptimeTable } from '@/public-api/uptime'
import { servicePage } from '@/site/pages'
import { NotFound } from '@/errors'
import { sitePage } from '@/site/respond'

export const dynamic = 'force-dynamic'

/** `/s/<slug>`: one service, its current status, its uptime (unless the page shows it without) and its recent incidents. */
export const GET = sitePage<{ slug: string }>(async (_request, { payload, links, settings, clock }, { slug }) => {
  const [services, table] = await Promise.all([
    listServices(payload, links.scope, links.content),
    uptimeTable(payload, clock.now, links.content, uptimeOptions(links.scope)),
  ])
  const service = services.find((s) => s.slug === slug)
  if (!service) throw new NotFound('service')
  const uptime = table.services.find((s) => s.slug === slug)
  const incidents = await listIncidents(payload, { service: slug, page: 1, limit: 25 }, links)
  if (uptime) clock.changesAt(uptimeChangesAt([uptime], uptime.days.length, clock.now))
  const shown = uptime && links.scope.display?.withoutUptime.has(uptime.id) ? false : uptime
  return { body: servicePage(service, shown, incidents.items, settings) }
})
