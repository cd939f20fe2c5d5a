import { randomBytes } from 'node:crypto'

import type { CollectionBeforeChangeHook } from 'payload'

import { normaliseEmail } from '@/domain/contact'
import type { Subscriber } from '@/payload-types'

/** 256 bits from the CSPRNG, URL-safe: a token that can only be had from the e-mail that carries it. */
export const newToken = (): string => randomBytes(32).toString('base64url')

/** The e-mail is stored normalised; the unsubscribe and confirmation tokens are the server's alone. */
export const assignTokens: CollectionBeforeChangeHook<Subscriber> = ({ data, operation, originalDoc, req }) => {
  if (typeof data.email === 'string') data.email = normaliseEmail(data.email)
  // Tokens are the server's alone: a value sent by any client is replaced (create) or ignored (update), so
  // nobody can choose a token they could then use without the e-mail that carries it.
  if (operation === 'create') {
    data.unsubscribeToken = newToken()
    data.verificationToken = newToken()
  } else {
    data.unsubscribeToken = originalDoc?.unsubscribeToken
    // A returning subscriber (src/services/subscribers/) gets a new confirmation link; old ones stop working.
    data.verificationToken = req.context?.rotateConfirmationToken ? newToken() : originalDoc?.verificationToken
  }
  return data
}
