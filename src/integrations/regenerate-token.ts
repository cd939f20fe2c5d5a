/**
 * `POST /api/integrations/<id>/token` (admins): a new token replaces the old one at once, and the answer is the one
 * time it is shown. The admin's *Generate a new token* button calls it.
 */
import type { Endpoint } from 'payload'

import { recordEndpoint } from '@/access/endpoint-guard'
import { isAdmin } from '@/access/roles'
import { hashIntegrationToken, newIntegrationToken } from '@/domain/integration-token'

export const regenerateTokenEndpoint: Endpoint = recordEndpoint(
  {
    path: '/:id/token',
    method: 'post',
    allowed: isAdmin,
    collection: 'integrations',
    read: { select: { name: true } },
  },
  async (req, integration) => {
    const token = newIntegrationToken()
    await req.payload.update({
      collection: 'integrations',
      id: integration.id,
      data: { tokenHash: hashIntegrationToken(token) },
      overrideAccess: true,
      depth: 0,
      req,
    })
    return Response.json({ token }, { headers: { 'cache-control': 'no-store' } })
  },
)
