import type { Payload } from 'payload'

import { relationId, relationIds } from '@/db/relation-id'
import { isLocale } from '@/domain/locales'
import type { Subscriber } from '@/payload-types'

import { findSubscriber } from './internal'

/** A subscription as its owner manages it (the token of the links in every message): who, and which services. */
export interface ManagedSubscription {
  subscriber: Subscriber
  /** The slugs of the services it is limited to; empty: every service. */
  services: string[]
  /** The one incident it follows (its title in `locale` and short id; null when deleted), or undefined: its page. */
  following?: { title: string; shortId: string } | null
}

/** `locale`: the language of the page it is shown on, for the title of the incident it follows. */
export async function managedSubscription(
  payload: Payload,
  token: string,
  locale?: string,
): Promise<ManagedSubscription | null> {
  const subscriber = token ? await findSubscriber(payload, { unsubscribeToken: { equals: token } }) : null
  if (!subscriber) return null
  if (subscriber.incidentKey)
    return { subscriber, services: [], following: await followed(payload, subscriber, locale) }
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

async function followed(
  payload: Payload,
  subscriber: Subscriber,
  locale: string | undefined,
): Promise<{ title: string; shortId: string } | null> {
  const id = relationId(subscriber.incident)
  if (id === null) return null
  const incident = await payload.findByID({
    collection: 'incidents',
    id,
    select: { title: true, shortId: true },
    ...(isLocale(locale) ? { locale } : {}),
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })
  return incident?.shortId ? { title: incident.title, shortId: incident.shortId } : null
}
