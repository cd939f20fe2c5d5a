/**
 * `POST /api/subscribers/<id>/signing-secret` (administrators): a new signing secret replaces a webhook's old one at
 * once, and the answer is the one time it is shown. The admin's *Generate a new signing secret* button calls it
 * (the admin form cannot show the secret the create answer carried).
 */
import type { Endpoint } from 'payload'

import { noStoreJson as answer, refusal as refuse, refuseUnless, routeRecordId } from '../access/endpoint-guard'
import { isAdmin } from '../access/roles'
import { newSigningSecret } from '../domain/webhook-signature'

export const signingSecretEndpoint: Endpoint = {
  path: '/:id/signing-secret',
  method: 'post',
  handler: async (req) => {
    const refused = refuseUnless(req, isAdmin)
    if (refused) return refused
    const id = routeRecordId(req)
    if (id === null) return refuse(404, 'Not Found')
    const subscriber = await req.payload.findByID({ collection: 'subscribers', id, depth: 0, overrideAccess: true, disableErrors: true, select: { type: true } })
    if (!subscriber) return refuse(404, 'Not Found')
    if (subscriber.type !== 'webhook') return refuse(400, 'type: only webhook subscribers have a signing secret')
    const secret = newSigningSecret()
    // The secret field keeps a value only a server write gives it; this context lets this write replace it.
    await req.payload.update({ collection: 'subscribers', id, data: { signingSecret: secret }, overrideAccess: true, depth: 0, req, context: { replaceSigningSecret: true } })
    return answer(200, { signingSecret: secret })
  },
}
