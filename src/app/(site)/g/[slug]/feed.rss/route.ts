import { subjectFeedRoute } from '@/site/feed-routes'

export const dynamic = 'force-dynamic'

/** `/g/<slug>/feed.rss`: /feed.rss of the incidents and maintenances that affect the group's services as the page lists them. */
export const GET = subjectFeedRoute('rss', 'group')
