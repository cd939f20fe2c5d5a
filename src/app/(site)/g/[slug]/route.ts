import { NotFound } from '@/errors'
import { listServiceGroups } from '@/public-api/read-model'
import { barsShown, uptimeChangesAt, uptimeOptions, uptimeTable } from '@/public-api/uptime'
import { groupPage } from '@/site/pages'
import { sitePage } from '@/site/respond'

export const dynamic = 'force-dynamic'

/** `/g/<slug>`: a group's services with their uptime (90 days unless the page chose another window); `/` loads its list when the group is opened. */
export const GET = sitePage<{ slug: string }>(async (_request, { payload, links, settings, clock }, { slug }) => {
  const [groups, table] = await Promise.all([
    listServiceGroups(payload, links.scope, links.content, { visibleNow: true }),
    uptimeTable(payload, clock.now, links.content, uptimeOptions(links.scope)),
  ])
  const group = groups.find((g) => g.slug === slug)
  if (!group) throw new NotFound('service group')
  const members = new Set(group.services.map((s) => s.slug))
  const uptime = table.services.filter((s) => members.has(s.slug))
  clock.changesAt(uptimeChangesAt(uptime, uptime[0]?.days.length ?? 1, clock.now))
  return { body: groupPage(group, barsShown(uptime, links.scope), settings) }
})
