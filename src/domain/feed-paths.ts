/**
 * The addresses of the feeds and the calendar (src/site/feed-routes.ts), without a page's `/p/<slug>` or a
 * language's prefix (the edge takes those off first): the page's, and a service's or group's under its page's path.
 * Feed readers and calendars fetch them without cookies, so a private page's feed token opens exactly these
 * (src/settings/page-access.ts).
 */

/** The page's feeds and calendar, with Statuspage's addresses of the history feed. */
export const PAGE_FEED_PATHS: readonly string[] = [
  '/feed.atom',
  '/feed.rss',
  '/history.atom',
  '/history.rss',
  '/maintenances.ics',
]

const SUBJECT_FEED = /^\/[gs]\/[^/]+\/(?:feed\.atom|feed\.rss|maintenances\.ics)$/

/** A service's or group's feed or calendar: `/s/<slug>/feed.atom`, `/g/<slug>/maintenances.ics`. */
export const isSubjectFeedPath = (pathname: string): boolean => SUBJECT_FEED.test(pathname)

export const isFeedPath = (pathname: string): boolean =>
  PAGE_FEED_PATHS.includes(pathname) || isSubjectFeedPath(pathname)
