/** Confirming a subscription with the token of its confirmation link (double opt-in, subscribe.ts). */
import type { Payload } from 'payload'

import type { Subscriber } from '@/payload-types'

import { CONFIRMATION_LIFETIME_MS, findSubscriber } from './subscribe'

export type VerifyOutcome = 'verified' | 'already_verified' | 'expired' | 'not_found'

/** What a confirmation token would do now, without doing it (the verify page shows this before the click). */
export async function confirmationState(
  payload: Payload,
  token: string,
  now = new Date(),
): Promise<{ outcome: VerifyOutcome; subscriber: Subscriber | null }> {
  const subscriber = token ? await findSubscriber(payload, { verificationToken: { equals: token } }) : null
  if (!subscriber || !subscriber.active) return { outcome: 'not_found', subscriber: null }
  if (subscriber.verified) return { outcome: 'already_verified', subscriber }
  const sentAt = Date.parse(subscriber.confirmationSentAt ?? subscriber.createdAt)
  if (now.getTime() - sentAt > CONFIRMATION_LIFETIME_MS) return { outcome: 'expired', subscriber }
  return { outcome: 'verified', subscriber }
}

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

export const VERIFY_MESSAGES: Record<VerifyOutcome, string> = {
  verified: 'Your subscription is confirmed. You will hear about incidents and maintenances.',
  already_verified: 'Your subscription was already confirmed.',
  expired: 'This confirmation link has expired. Subscribe again to get a new one.',
  not_found: 'This confirmation link is not valid. It may have been mistyped, or the subscription was cancelled.',
}
