import type { CollectionBeforeDeleteHook } from 'payload'

import { Conflict } from '@/errors'

/**
 * A page with subscribers is not deleted (a 409 saying how many): they would be left following a page that is gone,
 * or, moved to the default page by the foreign key, hear about incidents they never asked for. Move them to another
 * page or delete them first.
 */
export const keepSubscribedPage: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const { totalDocs } = await req.payload.count({
    collection: 'subscribers',
    where: { page: { equals: id } },
    overrideAccess: true,
    req,
  })
  if (totalDocs > 0)
    throw new Conflict(
      `This page has ${totalDocs} subscriber${totalDocs === 1 ? '' : 's'}: move them to another page or delete them first.`,
    )
}
