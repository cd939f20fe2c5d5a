/** `/history.atom`: Statuspage's address of the history feed, the same feed as /feed.atom. */
export { GET } from '../feed.atom/route'

export const dynamic = 'force-dynamic'
