/**
 * `POST /api/integrations/<id>/token` (admins): a new token replaces the old one at once, and the answer is the one
 * time it is shown. The admin's *Generate a new token* button calls it.
 */
import type { Endpoint } from 'payload'

import { isAdmin } from '../access/roles'
import { isRecordId } from '../cms-api/list-params'
import { hashIntegrationToken, newIntegrationToken } from '../domain/integration-token'

const error = (status: number, message: string) => Response.json({ errors: [{ message }] }, { status, headers: { 'cache-control': 'no-store' } })

export const regenerateTokenEndpoint: Endpoint = {
  path: '/:id/token',
  method: 'post',
  handler: async (req) => {
    if (!req.user) return error(401, 'You are not allowed to perform this action.')
    if (!isAdmin(req.user)) return error(403, 'You are not allowed to perform this action.')
    const id = req.routeParams?.id
    if (!isRecordId(id)) return error(404, 'Not Found')
    const token = newIntegrationToken()
    const { docs } = await req.payload.update({
      collection: 'integrations',
      where: { id: { equals: Number(id) } },
      data: { tokenHash: hashIntegrationToken(token) },
      overrideAccess: true,
      depth: 0,
      req,
    })
    if (docs.length === 0) return error(404, 'Not Found')
    return Response.json({ token }, { headers: { 'cache-control': 'no-store' } })
  },
}
