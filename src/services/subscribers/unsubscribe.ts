/** Leaving, with the token of the links in every message. */
import type { Payload } from 'payload'

import type { Subscriber } from '@/payload-types'

import { findSubscriber } from './subscribe'

export type UnsubscribeOutcome = 'unsubscribed' | 'already_unsubscribed' | 'not_found'

export async function unsubscribeState(
  payload: Payload,
  token: string,
): Promise<{ outcome: UnsubscribeOutcome; subscriber: Subscriber | null }> {
  const subscriber = token ? await findSubscriber(payload, { unsubscribeToken: { equals: token } }) : null
  if (!subscriber) return { outcome: 'not_found', subscriber: null }
  return { outcome: subscriber.active ? 'unsubscribed' : 'already_unsubscribed', subscriber }
}

export async function unsubscribe(payload: Payload, token: string, now = new Date()): Promise<UnsubscribeOutcome> {
  const { outcome, subscriber } = await unsubscribeState(payload, token)
  if (outcome !== 'unsubscribed' || !subscriber) return outcome
  await payload.update({
    collection: 'subscribers',
    id: subscriber.id,
    data: { active: false, unsubscribedAt: now.toISOString() },
    overrideAccess: true,
    depth: 0,
  })
  return 'unsubscribed'
}

export const UNSUBSCRIBE_MESSAGES: Record<UnsubscribeOutcome, string> = {
  unsubscribed: 'You are unsubscribed and will receive no more notifications.',
  already_unsubscribed: 'You were already unsubscribed.',
  not_found: 'This unsubscribe link is not valid. It may have been mistyped.',
}
