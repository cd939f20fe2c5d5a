import type { CollectionBeforeChangeHook } from 'payload'

import type { User } from '@/payload-types'

/**
 * The very first account (the admin area's first-user screen) must be able to manage the rest. Not one that single
 * sign-on makes (src/auth/operator-sso.ts): its role is the provider's groups' (`roleFromProvider`), or a member of the
 * editors' group who happened to sign in first would be an administrator.
 */
export const makeFirstUserAdmin: CollectionBeforeChangeHook<User> = async ({ data, operation, req, context }) => {
  if (operation === 'create' && !context?.roleFromProvider) {
    const { totalDocs } = await req.payload.count({ collection: 'users', req, overrideAccess: true })
    if (totalDocs === 0) data.role = 'admin'
  }
  return data
}
