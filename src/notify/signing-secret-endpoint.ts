/**
 * `POST /api/subscribers/<id>/signing-secret` (administrators): a new signing secret replaces a webhook's old one at
 * once, and the answer is the one time it is shown. The admin's *Generate a new signing secret* button calls it
 * (the admin form cannot show the secret the create answer carried).
 */
import type { Endpoint } from 'payload'

import { noStoreJson as answer, recordEndpoint } from '@/access/endpoint-guard'
import { isAdmin } from '@/access/roles'
import { newSigningSecret } from '@/domain/webhook-signature'
import { BadRequest } from '@/errors'

export const signingSecretEndpoint: Endpoint = recordEndpoint(
  {
    path: '/:id/signing-secret',
    method: 'post',
    allowed: isAdmin,
    collection: 'subscribers',
    read: { select: { type: true } },
  },
  async (req, subscriber) => {
    if (subscriber.type !== 'webhook') throw new BadRequest('type: only webhook subscribers have a signing secret')
    const secret = newSigningSecret()
    // The secret field keeps a value only a server write gives it; this context lets this write replace it.
    await req.payload.update({
      collection: 'subscribers',
      id: subscriber.id,
      data: { signingSecret: secret },
      overrideAccess: true,
      depth: 0,
      req,
      context: { replaceSigningSecret: true },
    })
    return answer(200, { signingSecret: secret })
  },
)
