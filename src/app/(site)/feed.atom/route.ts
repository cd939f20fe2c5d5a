import { pageFeedRoute } from '@/site/feed-routes'

export const dynamic = 'force-dynamic'

/** `/feed.atom`: the 50 newest incidents and 50 newest maintenances, by last change, in the response's language. */
export const GET = pageFeedRoute('atom')
