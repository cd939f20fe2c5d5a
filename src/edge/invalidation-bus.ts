/**
 * Cross-instance invalidation: local data-version bumps are published on a Redis channel, and peers' bumps are
 * applied with bumpDataVersion(true) (which does not publish again). After a lost subscription the instance bumps
 * itself, since it may have missed messages while disconnected.
 */
import { randomUUID } from 'node:crypto'

import type { Redis } from 'ioredis'

import { bumpDataVersion, onLocalDataChange } from './data-version'

export const CHANNEL = 'statuspage:data-version'

export interface InvalidationBus {
  close(): Promise<void>
}

/** `publisher` is an ordinary client; `subscriber` becomes a subscriber-mode connection owned by the bus. */
export function startInvalidationBus(publisher: Redis, subscriber: Redis): InvalidationBus {
  const instance = randomUUID()
  let warned = false
  const unsubscribe = onLocalDataChange(() => {
    publisher.publish(CHANNEL, instance).then(
      () => (warned = false),
      (error: unknown) => {
        if (!warned) console.warn(`Invalidation bus: could not publish a data change to other instances: ${String(error)}`)
        warned = true
      },
    )
  })
  subscriber.on('message', (channel: string, from: string) => {
    if (channel === CHANNEL && from !== instance) bumpDataVersion(true)
  })
  const subscribe = () => {
    subscriber.subscribe(CHANNEL).catch((error: unknown) => console.warn(`Invalidation bus: subscribe failed: ${String(error)}`))
  }
  let connectedOnce = subscriber.status === 'ready'
  subscriber.on('ready', () => {
    // A reconnect: messages may have been lost in between, so whatever is cached may be stale.
    if (connectedOnce) bumpDataVersion(true)
    connectedOnce = true
    subscribe() // again after every (re)connection: one that failed while Redis was down is not resubscribed for us
  })
  if (connectedOnce) subscribe()
  return {
    async close() {
      unsubscribe()
      subscriber.disconnect()
    },
  }
}
