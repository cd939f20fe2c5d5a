import type { CollectionBeforeDeleteHook } from 'payload'

import { relationIds } from '@/db/relation-id'
import { Conflict } from '@/errors'

/**
 * A service a page lists by name under one of its headings is not deleted (a 409 naming the pages): the heading
 * would lose it, and one that listed only it would then show its group's every service (docs/pages.md). Take it
 * off those headings first.
 */
export const keepListedService: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const [pages, settings] = await Promise.all([
    req.payload.find({
      collection: 'pages',
      where: { 'sections.services': { in: [id] } },
      select: { name: true },
      depth: 0,
      pagination: false,
      overrideAccess: true,
      req,
    }),
    req.payload.findGlobal({ slug: 'settings', depth: 0, overrideAccess: true, req }),
  ])
  const names = pages.docs.map((page) => `"${page.name}"`)
  if ((settings.sections ?? []).some((row) => relationIds(row.services).includes(Number(id))))
    names.unshift('the default page')
  if (names.length)
    throw new Conflict(`This service is listed on ${names.join(', ')}: take it off their services shown first.`)
}
