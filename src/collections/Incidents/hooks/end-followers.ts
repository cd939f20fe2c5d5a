import type { CollectionAfterDeleteHook } from 'payload'

import { endFollowers } from '@/notify/followers'
import type { Incident } from '@/payload-types'

/**
 * Deleting an incident ends the subscriptions that follow it, in the delete's transaction: the database has emptied
 * their reference (ON DELETE SET NULL) and they would hear nothing more anyway; ended, the admin says so and their
 * owners' manage pages too. They are found by the key they keep (src/collections/Subscribers/hooks/page-key.ts).
 */
export const endFollowersOnDelete: CollectionAfterDeleteHook<Incident> = async ({ doc, req }) => {
  if (doc) await endFollowers(req.payload, doc.id, new Date(), req)
  return doc
}
