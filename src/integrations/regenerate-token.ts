/**
 * `POST /api/integrations/<id>/token` (admins): a new token replaces the old one at once, and the answer is the one
 * time it is shown. The admin's *Generate a new token* button calls it.
 */
import type { Endpoint } from 'payload'

import { refusal as error, refuseUnless, routeRecordId } from '../access/endpoint-guard'
import { isAdmin } from '../access/roles'
import { hashIntegrationToken, newIntegrationToken } from '../domain/integration-token'

export const regenerateTokenEndpoint: Endpoint = {
  path: '/:id/token',
  method: 'post',
  handler: async (req) => {
    const refused = refuseUnless(req, isAdmin)
    if (refused) return refused
    const id = routeRecordId(req)
    if (id === null) return error(404, 'Not Found')
    const token = newIntegrationToken()
    const { docs } = await req.payload.update({
      collection: 'integrations',
      where: { id: { equals: id } },
      data: { tokenHash: hashIntegrationToken(token) },
      overrideAccess: true,
      depth: 0,
      req,
    })
    if (docs.length === 0) return error(404, 'Not Found')
    return Response.json({ token }, { headers: { 'cache-control': 'no-store' } })
  },
}
