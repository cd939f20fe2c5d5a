import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import { isUrlChannel } from '@/domain/channels'
import type { Channel } from '@/domain/notifications'
import { newSigningSecret } from '@/domain/webhook-signature'
import type { Subscriber } from '@/payload-types'

/**
 * A webhook subscriber gets its signing secret from the server when it is created (or first becomes a webhook),
 * and a new one when it is subscribed again after it left (the write that gives it a new confirmation token): the
 * former owner's receiver may still trust the old one, and whoever subscribes it now must not learn it. Nobody
 * chooses one. Subscribers an administrator adds for a URL are confirmed by that act: the administrator
 * vouches for the endpoint, as a visitor does by clicking the link in the confirmation e-mail.
 */
export const issueSigningSecret: CollectionBeforeChangeHook<Subscriber> = ({ data, operation, originalDoc, req }) => {
  const type = (data.type ?? originalDoc?.type) as Channel | undefined
  const returning = operation === 'update' && req.context?.rotateConfirmationToken === true
  if (type === 'webhook' && (operation === 'create' || originalDoc?.type !== 'webhook' || returning)) {
    const secret = newSigningSecret()
    data.signingSecret = secret
    req.context.subscriberNewSigningSecret = secret
  } else if (operation === 'update') {
    // Only the regeneration endpoint gives a new one (src/notify/signing-secret-endpoint.ts).
    if (!req.context?.replaceSigningSecret) delete data.signingSecret
  } else {
    data.signingSecret = null
  }
  if (operation === 'create' && type && isUrlChannel(type) && req.user) {
    data.verified = true
    data.verifiedAt = new Date().toISOString()
  }
  return data
}

/** The response to the write that issued the secret is the one place it is shown (`doc.signingSecret`). */
export const showSigningSecretOnce: CollectionAfterChangeHook<Subscriber> = ({ doc, req }) => {
  const secret = req.context.subscriberNewSigningSecret
  if (typeof secret !== 'string') return doc
  delete req.context.subscriberNewSigningSecret
  return { ...doc, signingSecret: secret }
}
