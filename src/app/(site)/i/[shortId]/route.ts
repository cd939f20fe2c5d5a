import { findIncident } from '../../../../public-api/read-model'
import { updateServiceStatuses } from '../../../../public-api/update-statuses'
import { incidentPage } from '../../../../site/pages'
import { NotFound } from '../../../../errors'
import { sitePage } from '../../../../site/respond'

export const dynamic = 'force-dynamic'

/** `/i/<shortId>`: one incident with its whole timeline ("ongoing for …" reports when it next reads differently). */
export const GET = sitePage<{ shortId: string }>(async (_request, { payload, links, settings, clock }, { shortId }) => {
  const [incident, statuses] = await Promise.all([findIncident(payload, shortId, links), updateServiceStatuses(payload, shortId)])
  if (!incident) throw new NotFound('incident')
  return { body: incidentPage(incident, settings, clock, statuses) }
})
