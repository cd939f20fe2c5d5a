import { parseTokenRequest } from '../../../domain/subscription-request'
import { answer, readJsonBody, subscriptionEndpoint } from '../../../notify/endpoint'
import { unsubscribe, UNSUBSCRIBE_MESSAGES } from '../../../notify/subscriptions'

export const dynamic = 'force-dynamic'

/** POST /api/unsubscribe {token}: stops every notification to that subscriber. Unknown token: 404. */
export const POST = subscriptionEndpoint(async (request, { payload }) => {
  const body = await readJsonBody(request)
  if (!body.ok) return answer(400, false, body.message)
  const token = parseTokenRequest(body.value)
  if (!token.ok) return answer(400, false, token.message)
  const outcome = await unsubscribe(payload, token.value)
  return answer(outcome === 'not_found' ? 404 : 200, outcome !== 'not_found', UNSUBSCRIBE_MESSAGES[outcome])
})
