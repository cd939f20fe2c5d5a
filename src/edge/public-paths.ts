/** The public site's paths (src/app/(site)): pages and feeds, read by anyone, served through the response cache. */
const EXACT = new Set(['/', '/history', '/feed.atom', '/feed.rss', '/maintenances.ics'])

export function isPublicSitePath(pathname: string): boolean {
  if (EXACT.has(pathname)) return true
  return /^\/[im]\/[^/]+$/.test(pathname)
}

/** /api/v1 and the public site. */
export function isPublicPath(pathname: string): boolean {
  return pathname === '/api/v1' || pathname.startsWith('/api/v1/') || isPublicSitePath(pathname)
}

/** The pages of one subscriber (their token in the path): public, but never cached. */
export function isSubscriberPage(pathname: string): boolean {
  return /^\/(verify|unsubscribe)\/[^/]+$/.test(pathname)
}

/** The path as logs may show it: a subscriber page's token is a secret. */
export function loggablePath(pathname: string): string {
  return isSubscriberPage(pathname) ? pathname.replace(/[^/]+$/, '[token]') : pathname
}

/** Confirming and cancelling a subscription: the JSON endpoints, and the pages' buttons (which POST to the page). */
export function isSubscriptionAction(pathname: string): boolean {
  return pathname === '/api/unsubscribe' || pathname === '/api/subscribe/verify' || isSubscriberPage(pathname)
}
