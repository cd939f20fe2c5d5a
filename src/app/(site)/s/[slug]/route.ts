import { listIncidents, listServices } from '@/public-api/read-model'
import { uptimeChangesAt, uptimeTable } from '@/public-api/uptime'
import { servicePage } from '@/site/pages'
import { NotFound } from '@/errors'
import { sitePage } from '@/site/respond'

export const dynamic = 'force-dynamic'

/** `/s/<slug>`: one service, its current status, its 90 days of uptime and its recent incidents. */
export const GET = sitePage<{ slug: string }>(async (_request, { payload, links, settings, clock }, { slug }) => {
  const [services, table] = await Promise.all([
    listServices(payload, links.scope, links.content),
    uptimeTable(payload, clock.now, links.content),
  ])
  const service = services.find((s) => s.slug === slug)
  if (!service) throw new NotFound('service')
  const uptime = table.services.find((s) => s.slug === slug)
  const incidents = await listIncidents(payload, { service: slug, page: 1, limit: 25 }, links)
  if (uptime) clock.changesAt(uptimeChangesAt([uptime], uptime.days.length, clock.now))
  return { body: servicePage(service, uptime, incidents.items, settings) }
})
