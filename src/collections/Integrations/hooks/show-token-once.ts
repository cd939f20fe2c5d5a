import type { CollectionAfterChangeHook } from 'payload'

import type { Integration } from '@/payload-types'

/** The create response is the one place the token is shown (`doc.token`); no read returns it again. */
export const showTokenOnce: CollectionAfterChangeHook<Integration> = ({ doc, operation, req }) => {
  const token = req.context.integrationNewToken
  if (operation !== 'create' || typeof token !== 'string') return doc
  delete req.context.integrationNewToken
  return { ...doc, token }
}
