import { NotFound, sitePage } from '../../../site/respond'

export const dynamic = 'force-dynamic'

/**
 * Every path no other route claims: the site's own 404 page (header, link home, theme), not Next's bare one.
 * /api/* and /admin/* have their own catch-alls (Payload's), which are more specific, so they keep answering JSON.
 */
export const GET = sitePage(async () => {
  throw new NotFound('page')
})
