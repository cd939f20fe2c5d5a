import type { Payload } from 'payload'

import { relationIds } from '@/db/relation-id'
import type { Subscriber } from '@/payload-types'

import { findSubscriber } from './internal'

/** A subscription as its owner manages it (the token of the links in every message): who, and which services. */
export interface ManagedSubscription {
  subscriber: Subscriber
  /** The slugs of the services it is limited to; empty: every service. */
  services: string[]
}

export async function managedSubscription(payload: Payload, token: string): Promise<ManagedSubscription | null> {
  const subscriber = token ? await findSubscriber(payload, { unsubscribeToken: { equals: token } }) : null
  if (!subscriber) return null
  const ids = relationIds(subscriber.services)
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
