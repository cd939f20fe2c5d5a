import type { Where } from 'payload'

/**
 * The incidents or maintenances some pages show, as a `where` (src/domain/pages.ts's showsOnPage, in SQL): those on
 * one of the services the pages show, those naming one of the pages, and, when the default page is among them (null),
 * those naming neither services nor pages. One rule for every reader: the public lists, a limited editor's access, the
 * admin's page switcher. The default page without sections shows everything: its readers do not filter.
 */
export function shownOnPagesWhere(pageIds: readonly (number | null)[], services: ReadonlySet<number>): Where {
  const named = pageIds.filter((id) => id !== null)
  const onNoPage: Where = { and: [{ affectedServices: { exists: false } }, { pages: { exists: false } }] }
  const ways: Where[] = [
    ...(services.size ? [{ affectedServices: { in: [...services] } }] : []),
    ...(named.length ? [{ pages: { in: named } }] : []),
    ...(pageIds.includes(null) ? [onNoPage] : []),
  ]
  // An empty `or` would constrain nothing, showing every record: no way at all is no record (ids start at 1).
  return ways.length ? { or: ways } : { id: { equals: 0 } }
}
