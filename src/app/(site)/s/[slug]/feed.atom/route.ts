import { subjectFeedRoute } from '@/site/feed-routes'

export const dynamic = 'force-dynamic'

/** `/s/<slug>/feed.atom`: /feed.atom of the incidents and maintenances that affect the service. */
export const GET = subjectFeedRoute('atom', 'service')
