import { subjectFeedRoute } from '@/site/feed-routes'

export const dynamic = 'force-dynamic'

/** `/g/<slug>/maintenances.ics`: /maintenances.ics of the maintenances that affect the group's services as the page lists them. */
export const GET = subjectFeedRoute('calendar', 'group')
