/**
 * What strangers read of the CMS API while private pages exist (docs/private-pages.md). The contract makes the reads
 * of services, groups, incidents and maintenances public; a private page's are not public, so a reader without a
 * role gets only what some public page shows (src/settings/pages.ts's publicReads). Editors and admins read as before.
 */
import type { Access, AccessArgs, Where } from 'payload'

import { loadPages, publicReads } from '@/settings/pages'

import { hasRole } from './roles'

type Kind = 'records' | 'services' | 'groups'

/** `access`, narrowed for a stranger to what public pages show. */
export function withoutPrivatePages(kind: Kind, access: Access): Access {
  return async (args: AccessArgs) => {
    const allowed = await access(args)
    if (allowed === false || hasRole(args.req.user, 'admin', 'editor')) return allowed
    const reads = await publicReads(args.req.payload)
    if (!reads) return allowed
    return allowed === true ? reads[kind] : { and: [allowed as Where, reads[kind]] }
  }
}

/**
 * The pages a stranger may read of the CMS API: the public ones. A private page's name, texts and addresses are its
 * readers' (the static mirror, which lists the pages as a stranger, leaves private pages out by this too).
 */
export const publicPagesOnly: Access = ({ req }) =>
  hasRole(req.user, 'admin', 'editor') || {
    or: [{ 'access.mode': { not_equals: 'private' } }, { 'access.mode': { exists: false } }],
  }

/** The settings (the default page's name and texts): public, as the contract says, unless the default page is private. */
export const defaultPageReaders: Access = async ({ req }) =>
  hasRole(req.user, 'admin', 'editor') || !(await loadPages(req.payload)).defaultPage.access.private
