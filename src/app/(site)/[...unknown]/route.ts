import { faviconIco } from '@/site/favicon-ico'
import { NotFound } from '@/errors'
import { sitePage } from '@/site/respond'

export const dynamic = 'force-dynamic'

/**
 * Every path no other route claims: the site's own 404 page (header, link home, theme), not Next's bare one.
 * /api/* and /admin/* have their own catch-alls (Payload's), which are more specific, so they keep answering JSON.
 * `/favicon.ico` lands here too (Next makes no route of a folder by that name).
 */
const notFound = sitePage(async () => {
  throw new NotFound('page')
})

export async function GET(request: Request, route: { params: Promise<{ unknown: string[] }> }): Promise<Response> {
  const { unknown } = await route.params
  if (unknown.length === 1 && unknown[0] === 'favicon.ico') return faviconIco(request)
  return notFound(request, { params: Promise.resolve({}) })
}

/** Any other method on a path nobody serves is the same 404 (not a 405, which would say the path exists). */
const notFoundForAnyMethod = (request: Request) => notFound(request, { params: Promise.resolve({}) })
export const POST = notFoundForAnyMethod
export const PUT = notFoundForAnyMethod
export const PATCH = notFoundForAnyMethod
export const DELETE = notFoundForAnyMethod
