import { parseTokenRequest } from '../../../../domain/subscription-request'
import { answer, readJsonBody, subscriptionEndpoint } from '../../../../notify/endpoint'
import { verify, VERIFY_MESSAGES } from '../../../../notify/subscriptions'

export const dynamic = 'force-dynamic'

const STATUS = { verified: 200, already_verified: 200, expired: 410, not_found: 404 } as const

/** POST /api/subscribe/verify {token}: confirms a subscription (the token from the confirmation message). */
export const POST = subscriptionEndpoint(async (request, { payload }) => {
  const body = await readJsonBody(request)
  if (!body.ok) return answer(400, false, body.message)
  const token = parseTokenRequest(body.value)
  if (!token.ok) return answer(400, false, token.message)
  const outcome = await verify(payload, token.value)
  return answer(STATUS[outcome], STATUS[outcome] === 200, VERIFY_MESSAGES[outcome])
})
