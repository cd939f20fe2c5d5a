import type { Payload } from 'payload'

import type { UnsubscribeOutcome } from '@/domain/subscription-outcomes'
import type { Subscriber } from '@/payload-types'

import { findSubscriber } from './internal'

/** What an unsubscribe token would do now, without doing it (the unsubscribe page shows this before the click). */
export async function unsubscribeState(
  payload: Payload,
  token: string,
): Promise<{ outcome: UnsubscribeOutcome; subscriber: Subscriber | null }> {
  const subscriber = token ? await findSubscriber(payload, { unsubscribeToken: { equals: token } }) : null
  if (!subscriber) return { outcome: 'not_found', subscriber: null }
  return { outcome: subscriber.active ? 'unsubscribed' : 'already_unsubscribed', subscriber }
}
