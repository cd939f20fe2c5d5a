import type { CollectionAfterChangeHook } from 'payload'

import { relationId } from '@/db/relation-id'
import { accessLinkAddress } from '@/domain/access-link'
import { pagePathPrefix } from '@/domain/pages'
import type { AccessLink } from '@/payload-types'
import { messageBaseUrl } from '@/settings/base-url'

/**
 * The create response is the one place the token is shown (`doc.token`), with the address to hand out (`doc.link`):
 * under the page's public URL, else the default base with its `/p/<slug>`, as its messages link it. No read returns
 * either again. The page is read in the write's transaction: the public reading of the pages (loadPages) would be
 * made, and kept for the new data version, before this link is committed.
 */
export const showLinkOnce: CollectionAfterChangeHook<AccessLink> = async ({ doc, operation, req }) => {
  const token = req.context.accessLinkNewToken
  if (operation !== 'create' || typeof token !== 'string') return doc
  delete req.context.accessLinkNewToken
  const page = await req.payload.findByID({
    collection: 'pages',
    id: relationId(doc.page)!,
    depth: 0,
    select: { slug: true, publicUrl: true },
    overrideAccess: true,
    req,
  })
  const base =
    page.publicUrl?.trim().replace(/\/+$/, '') ||
    (await messageBaseUrl(req.payload, req)) + pagePathPrefix(page.slug ?? String(page.id))
  return { ...doc, token, link: accessLinkAddress(base, doc.kind, token) }
}
