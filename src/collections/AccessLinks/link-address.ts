import type { PayloadRequest } from 'payload'

import { accessLinkAddress, type AccessLinkKind } from '@/domain/access-link'
import { pagePathPrefix } from '@/domain/pages'
import { messageBaseUrl } from '@/settings/base-url'

/**
 * The address a link is handed out as: under the page's public URL, else the default base with its `/p/<slug>`, as
 * its messages link it. The page is read in the write's transaction: the public reading of the pages (loadPages)
 * would be made, and kept for the new data version, before the link is committed.
 */
export async function linkAddress(
  req: PayloadRequest,
  { pageId, kind, token }: { pageId: number | null; kind: AccessLinkKind; token: string },
): Promise<string> {
  // The default page's: under the site's base.
  if (pageId === null) return accessLinkAddress(await messageBaseUrl(req.payload, req), kind, token)
  const page = await req.payload.findByID({
    collection: 'pages',
    id: pageId,
    depth: 0,
    select: { slug: true, publicUrl: true },
    overrideAccess: true,
    req,
  })
  const base =
    page.publicUrl?.trim().replace(/\/+$/, '') ||
    (await messageBaseUrl(req.payload, req)) + pagePathPrefix(page.slug ?? String(page.id))
  return accessLinkAddress(base, kind, token)
}
