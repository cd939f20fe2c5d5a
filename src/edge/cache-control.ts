/**
 * The Cache-Control of every public response (pages, feeds, iCalendar, /api/v1, /api/v2), for the caches after
 * this service (docs/deployment.md, "A CDN in front"):
 *
 * - browsers: `max-age=0`, so a reload after a write shows it (a 304 from the response cache is cheap);
 * - shared caches (a CDN): fresh for 10 s (`s-maxage`), then served while one request refreshes it
 *   (`stale-while-revalidate`, 30 s), and for a day when this service cannot answer (`stale-if-error`, RFC 5861):
 *   most visits never reach the origin, and the page stays up when everything behind it is down.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30, stale-if-error=86400'
