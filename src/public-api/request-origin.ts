/**
 * The origin a request was addressed to, for links when no public base URL is configured. The edge (server.ts,
 * src/edge/public-origin.ts) determines it from Host, or from a trusted proxy's forwarded headers, and replaces
 * whatever a client sent under its header. Next's own `request.url` names the address Next listens on
 * (`localhost:<port>`), not the one the client used, so it is only the fallback (for a request with no usable
 * Host, or one that did not come through the edge).
 */
import { PUBLIC_ORIGIN_HEADER } from '../edge/headers'

export function requestOrigin(request: Request): string {
  return request.headers.get(PUBLIC_ORIGIN_HEADER) ?? new URL(request.url).origin
}
