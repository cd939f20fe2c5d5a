/**
 * Editors limited to pages (docs/pages.md): an editor whose account lists pages sees and writes only the incidents
 * and maintenances those pages show (src/domain/pages.ts's rule: one of their services is on the page, or they name
 * it) and reads only those pages' subscribers. Admins, and editors without pages, see everything.
 */
import type { Access, PayloadRequest, Where } from 'payload'

import { relationIds } from '@/db/relation-id'
import { pageServiceIds, scopeOfPage } from '@/settings/pages'

import { hasRole, isAdmin } from './roles'

/** The pages an editor is limited to; null: not limited (an admin, or an editor without pages). */
export function editorPages(user: PayloadRequest['user'] | null | undefined): number[] | null {
  if (!user || isAdmin(user)) return null
  const pages = relationIds((user as { pages?: unknown }).pages)
  return pages.length ? pages : null
}

/** The services the pages show, together. */
async function servicesOf(req: PayloadRequest, pages: number[]): Promise<number[]> {
  const ids = new Set<number>()
  for (const page of pages) {
    const shown = await pageServiceIds(req.payload, await scopeOfPage(req.payload, page))
    for (const id of shown ?? []) ids.add(id)
  }
  return [...ids]
}

/** Incidents and maintenances the pages show, as a `where`. */
async function shownOn(req: PayloadRequest, pages: number[]): Promise<Where> {
  const services = await servicesOf(req, pages)
  return {
    or: [...(services.length ? [{ affectedServices: { in: services } }] : []), { pages: { in: pages } }],
  }
}

interface Written {
  affectedServices?: unknown
  pages?: unknown
}

/**
 * Whether what a limited editor writes shows on one of its pages. An update that leaves both fields out is not
 * checked (the record it changes is one of its pages' already); a new record always is.
 */
async function staysOnPages(
  req: PayloadRequest,
  pages: number[],
  data: Written | undefined,
  creating = false,
): Promise<boolean> {
  if (!creating && (!data || (data.affectedServices === undefined && data.pages === undefined))) return true
  const services = new Set(await servicesOf(req, pages))
  return (
    relationIds(data?.affectedServices).some((id) => services.has(id)) ||
    relationIds(data?.pages).some((id) => pages.includes(id))
  )
}

/** Incidents' and maintenances' reads: published ones for anyone, everything for editors, their pages' for limited ones. */
export function pageRecordsRead(everyone: Access): Access {
  return async (args) => {
    const pages = editorPages(args.req.user)
    return pages ? shownOn(args.req, pages) : everyone(args)
  }
}

/** Creating an incident or maintenance: editors and admins; a limited editor's must show on one of its pages. */
export const pageRecordsCreate: Access = async ({ req, data }) => {
  if (!hasRole(req.user, 'admin', 'editor')) return false
  const pages = editorPages(req.user)
  return !pages || staysOnPages(req, pages, (data ?? {}) as Written, true)
}

/** Changing one: editors and admins; a limited editor only those of its pages, and it stays on one of them. */
export const pageRecordsUpdate: Access = async ({ req, data }) => {
  if (!hasRole(req.user, 'admin', 'editor')) return false
  const pages = editorPages(req.user)
  if (!pages) return true
  if (!(await staysOnPages(req, pages, data as Written | undefined))) return false
  return shownOn(req, pages)
}

/** Subscribers' reads: editors and admins; a limited editor's only of its pages. */
export const pageSubscribersRead: Access = ({ req }) => {
  if (!hasRole(req.user, 'admin', 'editor')) return false
  const pages = editorPages(req.user)
  return pages ? { page: { in: pages } } : true
}
