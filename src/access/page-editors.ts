/**
 * Editors limited to pages (docs/pages.md): an editor whose account lists pages sees and writes only the incidents
 * and maintenances those pages show (src/domain/pages.ts's rule: one of their services is on the page, or they name
 * it), and what it writes stays on those pages: every service it names is one of theirs, every page it names one of
 * its own. It changes only its pages' services, makes no services or groups, and reads only its pages' subscribers;
 * the notification records, which hold every subscriber's address, not at all. Admins, and editors without pages,
 * see and write everything.
 */
import { type Access, type CollectionBeforeChangeHook, type PayloadRequest, type Where } from 'payload'

import { relationIds } from '@/db/relation-id'
import { Forbidden } from '@/errors'
import { requestT } from '@/i18n/admin-translations'
import { shownOnPagesWhere } from '@/settings/page-where'
import { pageServiceIds, scopeOfPage } from '@/settings/pages'

import { hasRole, isAdmin } from './roles'

/** The pages an editor is limited to; null: not limited (an admin, or an editor without pages). */
export function editorPages(user: PayloadRequest['user'] | null | undefined): number[] | null {
  if (!user || isAdmin(user)) return null
  const pages = relationIds((user as { pages?: unknown }).pages)
  return pages.length ? pages : null
}

/** The services the pages show, together. */
async function servicesOf(req: PayloadRequest, pages: number[]): Promise<Set<number>> {
  const ids = new Set<number>()
  for (const page of pages) {
    const shown = await pageServiceIds(req.payload, await scopeOfPage(req.payload, page))
    for (const id of shown ?? []) ids.add(id)
  }
  return ids
}

/** Incidents and maintenances the pages show, as a `where`. */
async function shownOn(req: PayloadRequest, pages: number[]): Promise<Where> {
  return shownOnPagesWhere(pages, await servicesOf(req, pages))
}

const editing = (req: PayloadRequest) => hasRole(req.user, 'admin', 'editor')

/** Incidents' and maintenances' reads: published ones for anyone, everything for editors, their pages' for limited ones. */
export function pageRecordsRead(everyone: Access): Access {
  return async (args) => {
    const pages = editorPages(args.req.user)
    return pages ? shownOn(args.req, pages) : everyone(args)
  }
}

/** Changing an incident or maintenance: editors and admins; a limited editor only those its pages show. */
export const pageRecordsUpdate: Access = async ({ req }) => {
  if (!editing(req)) return false
  const pages = editorPages(req.user)
  return pages ? shownOn(req, pages) : true
}

/**
 * What a limited editor saves stays on its pages: the incident or maintenance as it will be (after the hooks that add
 * the services an update sets) names only its pages' services and its own pages, and at least one of either.
 * The last of the beforeChange hooks.
 */
export const keepOnEditorPages: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const pages = editorPages(req.user)
  if (!pages) return data
  const services = relationIds(
    data.affectedServices !== undefined ? data.affectedServices : originalDoc?.affectedServices,
  )
  const named = relationIds(data.pages !== undefined ? data.pages : originalDoc?.pages)
  const own = await servicesOf(req, pages)
  const outside = services.some((id) => !own.has(id)) || named.some((id) => !pages.includes(id))
  if (outside || services.length + named.length === 0)
    throw new Forbidden(requestT(req)('admin.check.pageEditor.outside'))
  return data
}

/** Admins, and editors not limited to pages. */
export const unlimitedEditors: Access = ({ req }) => editing(req) && !editorPages(req.user)

/** Changing a service: editors and admins; a limited editor only its pages' services. */
export const pageServicesUpdate: Access = async ({ req }) => {
  if (!editing(req)) return false
  const pages = editorPages(req.user)
  return pages ? { id: { in: [...(await servicesOf(req, pages))] } } : true
}

/** Subscribers' reads: editors and admins; a limited editor's only of its pages. */
export const pageSubscribersRead: Access = ({ req }) => {
  if (!editing(req)) return false
  const pages = editorPages(req.user)
  return pages ? { page: { in: pages } } : true
}
