/** Leaving, with the token of the links in every message. */
import type { Payload } from 'payload'

import type { UnsubscribeOutcome } from '@/domain/subscription-outcomes'

import { unsubscribeState } from './unsubscribe-state'

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
