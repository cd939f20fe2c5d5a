import type { CollectionBeforeChangeHook } from 'payload'

import type { User } from '@/payload-types'

/** The very first account (the admin area's first-user screen) must be able to manage the rest. */
export const makeFirstUserAdmin: CollectionBeforeChangeHook<User> = async ({ data, operation, req }) => {
  if (operation === 'create') {
    const { totalDocs } = await req.payload.count({ collection: 'users', req, overrideAccess: true })
    if (totalDocs === 0) data.role = 'admin'
  }
  return data
}
