/** Confirming a subscription with the token of its confirmation link (double opt-in, subscribe.ts). */
import type { Payload } from 'payload'

import type { VerifyOutcome } from '@/domain/subscription-outcomes'

import { confirmationState } from './confirmation-state'

export async function verify(payload: Payload, token: string, now = new Date()): Promise<VerifyOutcome> {
  const { outcome, subscriber } = await confirmationState(payload, token, now)
  if (outcome !== 'verified' || !subscriber) return outcome
  await payload.update({
    collection: 'subscribers',
    id: subscriber.id,
    data: { verified: true, verifiedAt: now.toISOString() },
    overrideAccess: true,
    depth: 0,
  })
  return 'verified'
}
