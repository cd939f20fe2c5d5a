import { findIncident } from '../../../../public-api/read-model'
import { updateServiceStatuses } from '../../../../public-api/update-statuses'
import { incidentPage } from '../../../../site/pages'
import { NotFound } from '../../../../errors'
import { sitePage } from '../../../../site/respond'

export const dynamic = 'force-dynamic'

/** `/i/<shortId>`: one incident with its whole timeline ("ongoing for …" reports when it next reads differently). */
export const GET = sitePage<{ shortId: string }>(async (_request, { payload, links, settings, clock }, { shortId }) => {
  // The incident first: findIncident turns away ids that cannot exist (a NUL byte PostgreSQL cannot hold) before any query.
  const incident = await findIncident(payload, shortId, links)
  if (!incident) throw new NotFound('incident')
  return { body: incidentPage(incident, settings, clock, await updateServiceStatuses(payload, shortId)) }
})
