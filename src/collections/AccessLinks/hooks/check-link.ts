import { type CollectionBeforeValidateHook, ValidationError } from 'payload'

import { relationId } from '@/db/relation-id'
import { accessLinkProblem, type AccessLinkKind } from '@/domain/access-link'
import { inRequestLanguage, requestT } from '@/i18n/admin-translations'

const refuse = (path: string, message: string): never => {
  throw new ValidationError({ collection: 'access-links', errors: [{ path, message }] })
}

/**
 * A link is for a private page (a public one needs none: it would only look like a secret), and a share link has an
 * end (src/domain/access-link.ts). Its page and kind are set once (the fields refuse updates), so only a create names
 * a page to check; a link without a page is the default page's.
 */
export const checkLink: CollectionBeforeValidateHook = async ({ data, originalDoc, operation, req }) => {
  const kind = (data?.kind ?? originalDoc?.kind ?? 'share') as AccessLinkKind
  const expiresAt = data && 'expiresAt' in data ? data.expiresAt : originalDoc?.expiresAt
  const problem = accessLinkProblem({ kind, expiresAt })
  if (problem) refuse(problem[0], inRequestLanguage(req, problem[1]))
  if (operation !== 'create') return data
  const pageId = relationId(data?.page)
  // No page: the default page's (the settings').
  const page =
    pageId === null
      ? await req.payload.findGlobal({ slug: 'settings', depth: 0, select: { access: { mode: true } }, req })
      : await req.payload
          .findByID({ collection: 'pages', id: pageId, depth: 0, select: { access: { mode: true } }, req })
          .catch(() => null)
  if (page?.access?.mode !== 'private') refuse('page', requestT(req)('admin.check.accessLink.publicPage'))
  return data
}
