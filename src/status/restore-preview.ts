/**
 * `GET /api/incidents/<id>/restore-preview` (editors and admins): what resolving the incident now would give back,
 * `{data: [{service, name, from, to}]}`. The admin form shows it under an update that resolves the incident.
 */
import type { Endpoint, PayloadRequest } from 'payload'

import { recordEndpoint } from '@/access/endpoint-guard'
import { hasRole } from '@/access/roles'
import type { Incident } from '@/payload-types'

import { incidentHolder } from '@/services/incidents/internal'
import { planRelease } from '@/services/service-status/plan-release'

async function answer(req: PayloadRequest, incident: Incident): Promise<Response> {
  const plan = await planRelease(req, incidentHolder(incident))
  const names = new Map<number, string>()
  if (plan.length > 0) {
    const { docs } = await req.payload.find({
      collection: 'services',
      where: { id: { in: plan.map((entry) => entry.service) } },
      select: { name: true },
      pagination: false,
      depth: 0,
      overrideAccess: true,
      req,
    })
    for (const doc of docs) names.set(doc.id, doc.name)
  }
  return Response.json(
    { data: plan.map((entry) => ({ ...entry, name: names.get(entry.service) ?? `#${entry.service}` })) },
    { headers: { 'cache-control': 'no-store' } },
  )
}

export const restorePreviewEndpoint: Endpoint = recordEndpoint(
  {
    path: '/:id/restore-preview',
    method: 'get',
    allowed: (user) => hasRole(user, 'admin', 'editor'),
    collection: 'incidents',
  },
  answer,
)
