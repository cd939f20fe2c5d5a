/**
 * Which pages a write touches (src/domain/pages.ts's pagesTouched), so that the response cache keeps the copies of
 * the others (src/runtime/data-version.ts): a service's write touches the pages listing it before or after, and, when
 * its name or slug changed, those showing an incident or maintenance that names it (they print both); an incident's
 * or maintenance's, the pages showing it before or after. A service's delete touches every page: its records lost
 * their link to it with the row, so which pages showed it can no longer be read. Undefined (every page) for any other
 * collection.
 *
 * The records and services are read with the write's `req`, inside its transaction; the pages as the public reads
 * them (loadPages, outside it: a change to a page or the settings counts for every page anyway).
 */
import type { PayloadRequest } from 'payload'

import { relationId, relationIds } from '@/db/relation-id'
import { type PlacedRecord, pagesTouched } from '@/domain/pages'
import { loadPages } from '@/settings/pages'

type Doc = Record<string, unknown> | undefined
const RECORD_KINDS = ['incidents', 'maintenances'] as const

/** The groups of these services, as the write's transaction sees them. */
async function groupsOf(req: PayloadRequest, ids: number[]): Promise<Map<number, number | null>> {
  if (!ids.length) return new Map()
  const { docs } = await req.payload.find({
    collection: 'services',
    where: { id: { in: ids } },
    select: { group: true },
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  return new Map(docs.map((doc) => [doc.id, relationId(doc.group)]))
}

/** The records as pagesTouched reads them: each service with its group. */
async function placed(req: PayloadRequest, docs: Doc[]): Promise<PlacedRecord[]> {
  const present = docs.filter((doc): doc is Record<string, unknown> => doc !== undefined)
  const groups = await groupsOf(req, [...new Set(present.flatMap((doc) => relationIds(doc.affectedServices)))])
  return present.map((doc) => ({
    services: relationIds(doc.affectedServices).map((id) => ({ id, groupId: groups.get(id) ?? null })),
    pageIds: relationIds(doc.pages),
  }))
}

/** The incidents and maintenances that name a service. */
async function recordsNaming(req: PayloadRequest, serviceId: number): Promise<Doc[]> {
  const found = await Promise.all(
    RECORD_KINDS.map((collection) =>
      req.payload.find({
        collection,
        where: { affectedServices: { in: [serviceId] } },
        select: { affectedServices: true, pages: true },
        depth: 0,
        pagination: false,
        overrideAccess: true,
        req,
      }),
    ),
  )
  return found.flatMap(({ docs }) => docs as unknown as Doc[])
}

export async function pagesTouchedBy(
  req: PayloadRequest,
  collection: string,
  operation: 'create' | 'update' | 'delete',
  doc: Doc,
  previousDoc: Doc,
): Promise<number[] | undefined> {
  if (collection !== 'services' && !(RECORD_KINDS as readonly string[]).includes(collection)) return undefined
  if (collection === 'services' && operation === 'delete') return undefined
  const { pages, defaultSections } = await loadPages(req.payload)
  const all = [{ id: null, sections: defaultSections }, ...pages]
  if (collection !== 'services')
    return pagesTouched(all, { services: [], records: await placed(req, [doc, previousDoc]) })
  const id = relationId(doc?.id)
  if (id === null) return undefined
  const services = [doc, previousDoc].map((version) => ({ id, groupId: relationId(version?.group) }))
  const listing = pagesTouched(all, { services, records: [] })
  // The records print a service's name and slug only: its status and the rest show on the pages listing it.
  const renamed = previousDoc !== undefined && (previousDoc.name !== doc?.name || previousDoc.slug !== doc?.slug)
  if (!renamed || listing.length === all.length) return listing
  return pagesTouched(all, { services, records: await placed(req, await recordsNaming(req, id)) })
}
