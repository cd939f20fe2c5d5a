/**
 * What strangers read of the CMS API while private pages exist (docs/private-pages.md). The contract makes the reads
 * of services, groups, incidents and maintenances public; a private page's are not public, so a reader without a
 * role gets only what some public page shows (src/settings/pages.ts's publicReads). Editors and admins read as before.
 */
import type { Access, AccessArgs, Where } from 'payload'

import { publicReads } from '@/settings/pages'

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
