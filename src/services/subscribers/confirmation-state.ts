import type { Payload } from 'payload'

import { type VerifyOutcome, verifyOutcome } from '@/domain/subscription-outcomes'
import type { Subscriber } from '@/payload-types'

import { findSubscriber } from './internal'

/** What a confirmation token would do now, without doing it (the verify page shows this before the click). */
export async function confirmationState(
  payload: Payload,
  token: string,
  now = new Date(),
): Promise<{ outcome: VerifyOutcome; subscriber: Subscriber | null }> {
  const subscriber = token ? await findSubscriber(payload, { verificationToken: { equals: token } }) : null
  const outcome = verifyOutcome(subscriber, now)
  return { outcome, subscriber: outcome === 'not_found' ? null : subscriber }
}
