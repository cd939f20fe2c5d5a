import { pageFeedRoute } from '@/site/feed-routes'

export const dynamic = 'force-dynamic'

/** `/maintenances.ics`: the 100 maintenances with the latest start (cancelled ones marked CANCELLED), in the response's language. */
export const GET = pageFeedRoute('calendar')
