import { frameAncestors } from '@/domain/embedding'
import { nextMaintenanceTransition, statusSummary } from '@/public-api/read-model'
import { embedPage } from '@/site/embed-page'
import { sitePage } from '@/site/respond'

export const dynamic = 'force-dynamic'

/** `/embed`: the page's compact view, framed only by its own origin and those its settings list (docs/widget.md). */
export const GET = sitePage(async (_request, { payload, links, page, gate, settings, clock }) => {
  const [summary, transition] = await Promise.all([
    statusSummary(payload, links, page, { visibleNow: true }),
    nextMaintenanceTransition(payload, clock.now),
  ])
  clock.changesAt(transition)
  return { body: embedPage(summary, settings, clock), frameAncestors: frameAncestors(gate.embeddingOrigins) }
})
