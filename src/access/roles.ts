import type { Access, FieldAccess, PayloadRequest } from 'payload'

import type { UserRole } from '@/domain/statuses'

type MaybeUser = PayloadRequest['user'] | null | undefined

/** The one role check: every access rule asks this, so a role means the same thing everywhere. */
export function hasRole(user: MaybeUser, ...roles: UserRole[]): boolean {
  const role = (user as { role?: unknown } | null | undefined)?.role
  return typeof role === 'string' && (roles as string[]).includes(role)
}

export const isAdmin = (user: MaybeUser): boolean => hasRole(user, 'admin')

export const anyone: Access = () => true
export const admins: Access = ({ req }) => isAdmin(req.user)
export const editors: Access = ({ req }) => hasRole(req.user, 'admin', 'editor')
/** Incidents and maintenances: everyone reads them, except drafts, which only editors and admins see. */
export const anyoneButDrafts: Access = ({ req }) =>
  hasRole(req.user, 'admin', 'editor') || { draft: { not_equals: true } }

/** Derived fields: nobody writes them through the API; hooks compute them. */
export const nobody: FieldAccess = () => false
export const adminsField: FieldAccess = ({ req }) => isAdmin(req.user)
