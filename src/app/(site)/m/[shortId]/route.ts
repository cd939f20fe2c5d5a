import { findMaintenance, nextMaintenanceTransition } from '@/public-api/read-model'
import { maintenancePage } from '@/site/pages'
import { NotFound } from '@/errors'
import { sitePage } from '@/site/respond'

export const dynamic = 'force-dynamic'

/** `/m/<shortId>`: one maintenance, its schedule in the configured and the visitor's time zone. */
export const GET = sitePage<{ shortId: string }>(async (_request, { payload, links, settings, clock }, { shortId }) => {
  const [maintenance, transition] = await Promise.all([
    findMaintenance(payload, shortId, links),
    nextMaintenanceTransition(payload, clock.now),
  ])
  if (!maintenance) throw new NotFound('maintenance')
  clock.changesAt(transition)
  return { body: maintenancePage(maintenance, settings) }
})
