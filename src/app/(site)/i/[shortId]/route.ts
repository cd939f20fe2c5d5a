import { NotFound } from '@/errors'
import { findIncidentPage } from '@/public-api/read-model'
import { incidentPage } from '@/site/pages'
import { sitePage } from '@/site/respond'

export const dynamic = 'force-dynamic'

/** `/i/<shortId>`: one incident with its whole timeline ("ongoing for …" reports when it next reads differently). */
export const GET = sitePage<{ shortId: string }>(async (_request, { payload, links, settings, clock }, { shortId }) => {
  // findIncidentPage turns away ids that cannot exist (a NUL byte PostgreSQL cannot hold) before any query.
  const found = await findIncidentPage(payload, shortId, links)
  if (!found) throw new NotFound('incident')
  return { body: incidentPage(found.incident, settings, clock, found.setStatuses) }
})
