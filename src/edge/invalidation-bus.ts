/**
 * Cross-instance invalidation: local data-version bumps are published on a Redis channel, and peers' bumps are
 * applied with bumpDataVersion(true) (which does not publish again).
 *
 * It heals after an outage: a publish that failed is sent again as soon as the publisher is connected (one message
 * stands for every change missed: it says "your cache is stale", not what changed), and after a lost subscription
 * the instance bumps itself, since it may have missed messages. While the bus is not healthy (either connection
 * down, or a publish not yet delivered) `healthy()` is false and the response cache keeps entries for seconds only
 * (src/edge/front.ts), so peers' changes still show.
 */
import { randomUUID } from 'node:crypto'

import type { Redis } from 'ioredis'

import { bumpDataVersion, onLocalDataChange } from '../runtime/data-version'

export const CHANNEL = 'statuspage:data-version'

export interface InvalidationBus {
  /** Both connections up, subscribed, and no change waiting to be published. */
  healthy(): boolean
  close(): Promise<void>
}

export interface BusOptions {
  /** Applies a peer's change (default: bumpDataVersion(true)). */
  onPeerChange?: () => void
  /** Subscribes to this instance's own changes (default: onLocalDataChange). */
  onLocalChange?: (listener: () => void) => () => void
  /** How long to wait before publishing again after a failure while still connected. */
  retryMs?: number
  log?: (message: string) => void
}

/** `publisher` is an ordinary client; `subscriber` becomes a subscriber-mode connection owned by the bus. */
export function startInvalidationBus(publisher: Redis, subscriber: Redis, options: BusOptions = {}): InvalidationBus {
  const {
    onPeerChange = () => bumpDataVersion(true),
    onLocalChange = onLocalDataChange,
    retryMs = 1000,
    log = console.warn,
  } = options
  const instance = randomUUID()
  let pending = false
  let publishing = false
  let subscribed = false
  let closed = false
  let retry: NodeJS.Timeout | undefined
  let warned = false

  const publish = () => {
    pending = true
    if (publishing || closed) return
    publishing = true
    pending = false
    publisher.publish(CHANNEL, instance).then(
      () => {
        publishing = false
        if (warned) log('Invalidation bus: the data change was published to other instances.')
        warned = false
        if (pending) publish() // a change that came in meanwhile
      },
      (error: unknown) => {
        publishing = false
        pending = true
        if (!warned)
          log(`Invalidation bus: could not publish a data change to other instances (retrying): ${String(error)}`)
        warned = true
        clearTimeout(retry)
        retry = setTimeout(() => publisher.status === 'ready' && publish(), retryMs)
        retry.unref()
      },
    )
  }
  const unsubscribe = onLocalChange(publish)
  publisher.on('ready', () => {
    if (pending) publish()
  })

  subscriber.on('message', (channel: string, from: string) => {
    if (channel === CHANNEL && from !== instance) onPeerChange()
  })
  const subscribe = () => {
    subscriber.subscribe(CHANNEL).then(
      () => (subscribed = true),
      (error: unknown) => log(`Invalidation bus: subscribe failed: ${String(error)}`),
    )
  }
  let connectedOnce = subscriber.status === 'ready'
  subscriber.on('close', () => (subscribed = false))
  subscriber.on('ready', () => {
    // A reconnect: messages may have been lost in between, so whatever is cached may be stale.
    if (connectedOnce) onPeerChange()
    connectedOnce = true
    subscribe() // again after every (re)connection: one that failed while Redis was down is not resubscribed for us
  })
  if (connectedOnce) subscribe()
  return {
    healthy: () => subscribed && !pending && publisher.status === 'ready' && subscriber.status === 'ready',
    async close() {
      closed = true
      clearTimeout(retry)
      unsubscribe()
      subscriber.disconnect()
    },
  }
}
