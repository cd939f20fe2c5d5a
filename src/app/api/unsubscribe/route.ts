import { tokenEndpoint } from '@/notify/endpoint'
import { UNSUBSCRIBE_MESSAGES } from '@/domain/subscription-outcomes'
import { unsubscribe } from '@/services/subscribers/unsubscribe'

export const dynamic = 'force-dynamic'

/** POST /api/unsubscribe {token}: stops every notification to that subscriber. Unknown token: 404. */
export const POST = tokenEndpoint(unsubscribe, {
  unsubscribed: [200, UNSUBSCRIBE_MESSAGES.unsubscribed],
  already_unsubscribed: [200, UNSUBSCRIBE_MESSAGES.already_unsubscribed],
  not_found: [404, UNSUBSCRIBE_MESSAGES.not_found],
})
