import { type CollectionBeforeValidateHook, type GlobalBeforeValidateHook, ValidationError } from 'payload'

import { oidcSetupProblem } from '@/domain/page-oidc'
import { type RequestLanguage, requestT } from '@/i18n/admin-translations'

type Rows = unknown[] | null | undefined

interface OidcData {
  issuer?: string | null
  clientId?: string | null
  allowedDomains?: Rows
  allowedEmails?: Rows
  groupsClaim?: string | null
  allowedGroups?: Rows
}

type Saved = Record<string, unknown> | undefined

/**
 * A private page lets nobody in without a password, a network or an identity provider: refused, naming where to add
 * one. A provider set-up must be complete, its rule on who may enter included (src/domain/page-oidc.ts). The same for
 * a page (the pages collection) and for the default page (the settings).
 */
function checkWaysIn(
  where: { collection: string } | { global: string },
  data: Saved,
  originalDoc: Saved,
  req: RequestLanguage,
): Saved {
  const refuse = (path: string, message: string): never => {
    throw new ValidationError({ ...where, errors: [{ path, message }] })
  }
  const access = (data?.access ?? originalDoc?.access) as
    { mode?: unknown; passwords?: Rows; networks?: Rows; oidc?: OidcData | null } | undefined
  // A write that leaves the provider out keeps the stored one.
  const oidc = access?.oidc ?? (originalDoc?.access as { oidc?: OidcData | null } | undefined)?.oidc ?? {}
  const problem = oidcSetupProblem({
    issuer: oidc.issuer,
    clientId: oidc.clientId,
    domains: oidc.allowedDomains?.length ?? 0,
    emails: oidc.allowedEmails?.length ?? 0,
    groupsClaim: oidc.groupsClaim,
    groups: oidc.allowedGroups?.length ?? 0,
  })
  if (problem) refuse(`access.oidc.${problem[0]}`, problem[1])
  if (access?.mode !== 'private') return data
  const provider = oidc.issuer?.trim() ? 1 : 0
  if ((access.passwords?.length ?? 0) + (access.networks?.length ?? 0) + provider > 0) return data
  return refuse('access.passwords', requestT(req)('admin.check.access.noWayIn'))
}

export const requireAWayIn: CollectionBeforeValidateHook = ({ data, originalDoc, collection, req }) =>
  checkWaysIn({ collection: collection.slug }, data, originalDoc, req)

export const requireAWayInOfDefaultPage: GlobalBeforeValidateHook = ({ data, originalDoc, global, req }) =>
  checkWaysIn({ global: global.slug }, data, originalDoc, req)
