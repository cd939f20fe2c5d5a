import { subjectFeedRoute } from '@/site/feed-routes'

export const dynamic = 'force-dynamic'

/** `/s/<slug>/maintenances.ics`: /maintenances.ics of the maintenances that affect the service. */
export const GET = subjectFeedRoute('calendar', 'service')
