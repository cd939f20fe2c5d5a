/**
 * `POST /api/access-links/<id>/token` (admins): a new token replaces the link's at once (the old address, and the
 * cookies it gave, stop working: a link cookie's signature covers its token's hash), and the answer is the one time
 * the new address is shown. The admin's *Make a new address* button calls it, since the admin never sees a create's
 * response.
 */
import type { Endpoint } from 'payload'

import { recordEndpoint } from '@/access/endpoint-guard'
import { isAdmin } from '@/access/roles'
import { relationId } from '@/db/relation-id'
import { hashAccessLinkToken, newAccessLinkToken } from '@/domain/access-link'

import { linkAddress } from './link-address'

export const newLinkTokenEndpoint: Endpoint = recordEndpoint(
  {
    path: '/:id/token',
    method: 'post',
    allowed: isAdmin,
    collection: 'access-links',
    read: { select: { page: true, kind: true } },
  },
  async (req, link) => {
    const token = newAccessLinkToken()
    await req.payload.update({
      collection: 'access-links',
      id: link.id,
      data: { tokenHash: hashAccessLinkToken(token) },
      overrideAccess: true,
      depth: 0,
      req,
    })
    const address = await linkAddress(req, { pageId: relationId(link.page), kind: link.kind, token })
    return Response.json({ token, link: address }, { headers: { 'cache-control': 'no-store' } })
  },
)
