import { subjectFeedRoute } from '@/site/feed-routes'

export const dynamic = 'force-dynamic'

/** `/s/<slug>/feed.rss`: /feed.rss of the incidents and maintenances that affect the service. */
export const GET = subjectFeedRoute('rss', 'service')
