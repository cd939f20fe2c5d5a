import { badgeResponse } from '@/site/badge-route'

export const dynamic = 'force-dynamic'

/** `/badge/…`: a status badge of the page, a group or a service, as SVG or shields.io's endpoint JSON (docs/badges.md). */
export async function GET(request: Request, route: { params: Promise<{ badge: string[] }> }): Promise<Response> {
  return badgeResponse(request, (await route.params).badge)
}
