/** One /api/v2 route: the page's site, then its body, through /api/v1's shell, caching and CORS conventions. */
import { jsonResponse } from '../http'
import { nextMaintenanceTransition } from '../read-model'
import { publicGet, type PublicContext } from '../route'

import { loadSite, type Site } from './read-model'

export function statuspageGet(body: (context: PublicContext, site: Site) => Promise<Record<string, unknown>>) {
  return publicGet(async (request, context) => {
    const site = await loadSite(context.payload, context.links, context.page, context.language.t)
    const [value, transition] = await Promise.all([
      body(context, site),
      nextMaintenanceTransition(context.payload, context.clock.now),
    ])
    context.clock.changesAt(transition)
    // No /api/v2 route reads a query parameter but `?locale` (publicGet; the edge's cache key drops every other), so
    // neither does `?pretty`.
    const bare = new URL(request.url)
    bare.search = ''
    return jsonResponse(
      new Request(bare, { headers: request.headers }),
      { page: site.page, ...value },
      { expiresAt: context.clock.expiresAt },
    )
  })
}
