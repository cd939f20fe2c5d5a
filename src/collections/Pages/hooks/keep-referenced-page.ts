import type { CollectionBeforeDeleteHook } from 'payload'

import { Conflict } from '@/errors'

/**
 * A page something still refers to is not deleted (a 409 saying what): its subscribers would follow a page that is
 * gone, an editor limited to it would lose the limit and see everything, and an incident or maintenance that named
 * only it would move to the default page and reach that page's subscribers. Move or change them first.
 */
export const keepReferencedPage: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const count = async (collection: 'subscribers' | 'users' | 'incidents' | 'maintenances', field: string) =>
    (await req.payload.count({ collection, where: { [field]: { equals: id } }, overrideAccess: true, req })).totalDocs
  const [subscribers, editors, incidents, maintenances] = await Promise.all([
    count('subscribers', 'page'),
    count('users', 'pages'),
    count('incidents', 'pages'),
    count('maintenances', 'pages'),
  ])
  const held = [
    subscribers && `${subscribers} subscriber${subscribers === 1 ? '' : 's'}`,
    editors && `${editors} editor${editors === 1 ? '' : 's'} limited to it`,
    incidents && `${incidents} incident${incidents === 1 ? '' : 's'}`,
    maintenances && `${maintenances} maintenance${maintenances === 1 ? '' : 's'}`,
  ].filter(Boolean)
  if (held.length)
    throw new Conflict(`This page has ${held.join(', ')} naming it: move them to another page, or delete them, first.`)
}
