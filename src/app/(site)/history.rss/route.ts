/** `/history.rss`: Statuspage's address of the history feed, the same feed as /feed.rss. */
export { GET } from '../feed.rss/route'

export const dynamic = 'force-dynamic'
