/** The owner of a subscription chooses the services it covers (the manage page). */
import type { Payload } from 'payload'

import { inTransaction } from '@/db/transaction'
import type { Subscriber } from '@/payload-types'

import { findSubscriber, serviceIds } from './subscribe'

/** A subscription as its owner manages it (the token of the links in every message): who, and which services. */
export interface ManagedSubscription {
  subscriber: Subscriber
  /** The slugs of the services it is limited to; empty: every service. */
  services: string[]
}

export async function managedSubscription(payload: Payload, token: string): Promise<ManagedSubscription | null> {
  const subscriber = token ? await findSubscriber(payload, { unsubscribeToken: { equals: token } }) : null
  if (!subscriber) return null
  const ids = (subscriber.services ?? []).map((s) => (typeof s === 'object' ? s.id : s))
  if (ids.length === 0) return { subscriber, services: [] }
  const { docs } = await payload.find({
    collection: 'services',
    where: { id: { in: ids } },
    select: { slug: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  return { subscriber, services: docs.map((doc) => doc.slug ?? '').filter(Boolean) }
}

export type ChangeOutcome = 'saved' | 'unsubscribed' | 'not_found'

/**
 * The owner changes which services an active subscription covers (none: everything). The token came in a message
 * to the address, so no new confirmation is needed. Unknown slugs: UnknownServices (a 400 naming them).
 */
export async function changeServices(payload: Payload, token: string, slugs: string[]): Promise<ChangeOutcome> {
  return inTransaction(payload, async (req) => {
    const subscriber = token ? await findSubscriber(payload, { unsubscribeToken: { equals: token } }, req) : null
    if (!subscriber) return 'not_found'
    if (!subscriber.active) return 'unsubscribed'
    const services = await serviceIds(req, [...new Set(slugs)])
    await payload.update({
      collection: 'subscribers',
      id: subscriber.id,
      data: { services },
      overrideAccess: true,
      depth: 0,
      req,
    })
    return 'saved'
  })
}
