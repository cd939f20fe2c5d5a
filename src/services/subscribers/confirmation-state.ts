import type { Payload } from 'payload'

import type { VerifyOutcome } from '@/domain/subscription-outcomes'
import type { Subscriber } from '@/payload-types'

import { findSubscriber } from './internal'

/** A confirmation link stops working after this long; subscribing again sends a new one. */
const CONFIRMATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000

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
