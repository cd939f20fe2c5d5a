import type { CollectionAfterReadHook } from 'payload'

import { isAdmin } from '@/access/roles'
import type { User } from '@/payload-types'

/** An API key is a password: only admins, who issue them, see them. */
export const hideApiKey: CollectionAfterReadHook<User> = ({ doc, req }) => {
  if (!isAdmin(req.user) && req.context?.revealSecrets !== true) delete doc.apiKey
  return doc
}
