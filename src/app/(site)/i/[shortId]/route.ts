import { NotFound } from '@/errors'
import { tOf } from '@/i18n/translate'
import { findIncidentPage } from '@/public-api/read-model'
import { incidentPage } from '@/site/pages'
import { sitePage } from '@/site/respond'
import { offeredChannels } from '@/site/subscribe-form'
import { followForm } from '@/site/subscription-pages'

export const dynamic = 'force-dynamic'

/**
 * `/i/<shortId>`: one incident with its whole timeline ("ongoing for …" reports when it next reads differently) and,
 * while it is not resolved, the form to follow it.
 */
export const GET = sitePage<{ shortId: string }>(
  async (_request, { payload, links, gate, settings, clock }, { shortId }) => {
    // findIncidentPage turns away ids that cannot exist (a NUL byte PostgreSQL cannot hold) before any query.
    const found = await findIncidentPage(payload, shortId, links)
    if (!found) throw new NotFound('incident')
    const { incident } = found
    const follow =
      incident.status === 'resolved'
        ? null
        : followForm(tOf(settings), await offeredChannels(payload, gate), incident.shortId)
    return { body: incidentPage(incident, settings, clock, found.setStatuses, follow) }
  },
)
