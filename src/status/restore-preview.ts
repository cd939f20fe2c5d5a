/**
 * `GET /api/incidents/<id>/restore-preview` (editors and admins): what resolving the incident now would give back,
 * `{data: [{service, name, from, to}]}`. The admin form shows it under an update that resolves the incident.
 */
import type { Endpoint, PayloadRequest } from 'payload'

import { hasRole } from '../access/roles'
import { UNAUTHENTICATED_MESSAGE } from '../access/unauthenticated'
import { isRecordId } from '../domain/list-params'

import { incidentHolder } from './incident-service-statuses'
import { planRelease } from './release-services'

const refuse = (status: number, message: string) => Response.json({ errors: [{ message }] }, { status })

async function handler(req: PayloadRequest): Promise<Response> {
  if (!req.user) return refuse(401, UNAUTHENTICATED_MESSAGE)
  if (!hasRole(req.user, 'admin', 'editor')) return refuse(403, 'You are not allowed to perform this action.')
  const id = req.routeParams?.id
  if (!isRecordId(id)) return refuse(404, 'Not Found')
  const incident = await req.payload.findByID({ collection: 'incidents', id: Number(id), depth: 0, overrideAccess: true, disableErrors: true, req })
  if (!incident) return refuse(404, 'Not Found')
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
  return Response.json({ data: plan.map((entry) => ({ ...entry, name: names.get(entry.service) ?? `#${entry.service}` })) }, { headers: { 'cache-control': 'no-store' } })
}

export const restorePreviewEndpoint: Endpoint = { path: '/:id/restore-preview', method: 'get', handler }
