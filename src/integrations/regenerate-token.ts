/**
 * `POST /api/integrations/<id>/token` (admins): a new token replaces the old one at once, and the answer is the one
 * time it is shown. The admin's *Generate a new token* button calls it.
 */
import type { Endpoint } from 'payload'

import { cmsEndpoint, recordNotFound, requireUser, routeRecordId } from '@/access/endpoint-guard'
import { isAdmin } from '@/access/roles'
import { hashIntegrationToken, newIntegrationToken } from '@/domain/integration-token'

export const regenerateTokenEndpoint: Endpoint = {
  path: '/:id/token',
  method: 'post',
  handler: cmsEndpoint(async (req) => {
    requireUser(req, isAdmin)
    const id = routeRecordId(req)
    const token = newIntegrationToken()
    const { docs } = await req.payload.update({
      collection: 'integrations',
      where: { id: { equals: id } },
      data: { tokenHash: hashIntegrationToken(token) },
      overrideAccess: true,
      depth: 0,
      req,
    })
    if (docs.length === 0) throw recordNotFound()
    return Response.json({ token }, { headers: { 'cache-control': 'no-store' } })
  }),
}
