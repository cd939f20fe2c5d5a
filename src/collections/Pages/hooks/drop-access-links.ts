import type { CollectionBeforeDeleteHook } from 'payload'

/**
 * A page's share links and feed tokens go with it, in its delete's transaction: they open nothing else, and a link
 * names its page for good (an empty one is the default page's: the column cascades too).
 */
export const dropAccessLinks: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.delete({ collection: 'access-links', where: { page: { equals: id } }, overrideAccess: true, req })
}
