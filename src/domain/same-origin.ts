/**
 * Which cookie-authenticated writes come from the site itself. A browser attaches the session cookie
 * to requests that another page starts, and `SameSite=Lax` lets a page on the same site (another port, another
 * subdomain) do so; the Origin header, which a page cannot forge, tells them apart.
 */

export interface WriteOrigin {
  /** The Origin header, if any. */
  origin: string | null
  /** The Sec-Fetch-Site header, if any. */
  secFetchSite: string | null
  /** The host (and port) the request was addressed to: the Host header. */
  requestHost: string | null
  /** The site's own origins as configured (PUBLIC_URL, the Public base URL setting). */
  siteOrigins: readonly string[]
}

export const CROSS_SITE_WRITE_MESSAGE =
  'This request comes from another site (its Origin is not this site): cookie-authenticated changes must come from the site itself. Scripts should send an API key.'

/** The origin ("scheme://host[:port]") of a URL, or null when it is not one. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null
  } catch {
    return null
  }
}

/**
 * Whether a write that a session cookie authenticates may proceed. With an Origin: it must be one of the site's
 * origins, or name the very host the request was sent to (a TLS proxy in front may change the scheme, never the
 * host). Without one (older clients, scripts): refused only when the browser says another site started it.
 */
export function isSameOriginWrite({ origin, secFetchSite, requestHost, siteOrigins }: WriteOrigin): boolean {
  if (origin === null) return secFetchSite !== 'cross-site' && secFetchSite !== 'same-site'
  const normalized = originOf(origin)
  if (normalized === null) return false // "null" (sandboxed frames, file: pages) and garbage
  if (siteOrigins.includes(normalized)) return true
  return requestHost !== null && new URL(normalized).host === requestHost.toLowerCase()
}
