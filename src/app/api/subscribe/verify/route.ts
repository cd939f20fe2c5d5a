import { tokenEndpoint } from '@/notify/endpoint'
import { VERIFY_MESSAGES } from '@/domain/subscription-outcomes'
import { verify } from '@/services/subscribers/verify'

export const dynamic = 'force-dynamic'

/**
 * POST /api/subscribe/verify {token}: confirms a subscription (the token from the confirmation message). An
 * expired link is a 400 with its own message: the contract's codes have no 410.
 */
export const POST = tokenEndpoint(verify, {
  verified: [200, VERIFY_MESSAGES.verified],
  already_verified: [200, VERIFY_MESSAGES.already_verified],
  expired: [400, VERIFY_MESSAGES.expired],
  not_found: [404, VERIFY_MESSAGES.not_found],
})
