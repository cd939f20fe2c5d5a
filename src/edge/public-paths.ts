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
