/**
 * Cross-instance invalidation over Redis: local data-version bumps are published, and peers' bumps applied without
 * publishing again; withdrawn paths travel with them. It heals after an outage, and while it is not healthy the
 * response cache keeps entries for seconds only, so peers' changes still show. docs/architecture.md, "Edge"
 * (Across instances).
 */
import { randomUUID } from 'node:crypto'

import type { Redis } from 'ioredis'

import { bumpDataVersion, type DataChange, type DataChangeListener, onLocalDataChange } from '@/runtime/data-version'

export const CHANNEL = 'statuspage:data-version'
/**
 * The withdrawals of the last day, by time: a subscriber that lost its connection reads those made meanwhile when
 * it is back, since a message published while it was away never reaches it.
 */
export const WITHDRAWN_KEY = 'statuspage:withdrawn'
const WITHDRAWN_KEPT_MS = 24 * 3600_000
/** Clocks of instances differ a little: a reconnected subscriber reads back this much before it lost the connection. */
const CLOCK_MARGIN_MS = 5000

/**
 * A peer's change: always counted as touching the service list (what it touched is not said), and every page unless
 * it named its pages.
 */
const peerChange = (withdrawn: readonly string[] | undefined, pages?: readonly number[]): DataChange => ({
  services: true,
  ...(withdrawn && { withdrawn }),
  ...(pages && { pages }),
})

interface Message {
  from: string
  withdrawn?: string[]
  /** The pages the changes touched (page keys); absent: every page. */
  pages?: number[]
}

/**
 * A message: the publishing instance's id alone (what earlier versions send and read: every page), or, for changes
 * that took records back or touched some pages only, `{"from": id, "withdrawn": [paths], "pages": [keys]}`.
 */
function parseMessage(message: string): Message {
  if (!message.startsWith('{')) return { from: message }
  try {
    const parsed = JSON.parse(message) as { from?: unknown; withdrawn?: unknown; pages?: unknown }
    const withdrawn = Array.isArray(parsed.withdrawn)
      ? parsed.withdrawn.filter((path): path is string => typeof path === 'string')
      : undefined
    const pages =
      Array.isArray(parsed.pages) && parsed.pages.every((key) => Number.isInteger(key))
        ? (parsed.pages as number[])
        : undefined
    return { from: String(parsed.from), withdrawn, pages }
  } catch {
    // Unreadable: still a change, and one that may have taken anything back.
    return { from: '', withdrawn: [] }
  }
}

export interface InvalidationBus {
  /** Both connections up, subscribed, and no change waiting to be published. */
  healthy(): boolean
  close(): Promise<void>
}

export interface BusOptions {
  /** Applies a peer's change (default: bumpDataVersion(true, change)). */
  onPeerChange?: (change: DataChange) => void
  /** Subscribes to this instance's own changes (default: onLocalDataChange). */
  onLocalChange?: (listener: DataChangeListener) => () => void
  /** How long to wait before publishing again after a failure while still connected. */
  retryMs?: number
  /** How often the subscriber is asked whether it still hears (PING); 0: never. */
  heartbeatMs?: number
  log?: (message: string) => void
}

/** One side of the bus: what it adds to `healthy()`, and how it stops. */
interface BusSide {
  healthy(): boolean
  close(): void
}

/** `publisher` is an ordinary client; `subscriber` becomes a subscriber-mode connection owned by the bus. */
export function startInvalidationBus(publisher: Redis, subscriber: Redis, options: BusOptions = {}): InvalidationBus {
  const {
    onPeerChange = (change) => bumpDataVersion(true, change),
    onLocalChange = onLocalDataChange,
    retryMs = 1000,
    heartbeatMs = 5000,
    log = console.warn,
  } = options
  const instance = randomUUID()
  const publishing = startPublishing(publisher, instance, { onLocalChange, retryMs, log })
  const listening = startListening(subscriber, publisher, instance, { onPeerChange, heartbeatMs, log })
  return {
    healthy: () => listening.healthy() && publishing.healthy(),
    async close() {
      publishing.close()
      listening.close()
    },
  }
}

/** What the changes waiting to be published took back and touched; `pages` undefined: every page. */
interface Waiting {
  withdrawn?: string[]
  pages?: Set<number>
}

/** Two batches of changes as one. */
const joined = (first: Waiting | null, second: Waiting): Waiting => {
  if (!first) return second
  const withdrawn =
    first.withdrawn || second.withdrawn ? [...(first.withdrawn ?? []), ...(second.withdrawn ?? [])] : undefined
  const pages = first.pages && second.pages ? new Set([...first.pages, ...second.pages]) : undefined
  return { ...(withdrawn && { withdrawn }), ...(pages && { pages }) }
}

/** Sends one message, and for a change that took records back, keeps its withdrawals for peers that were away. */
function sendChange(publisher: Redis, instance: string, { withdrawn, pages }: Waiting): Promise<unknown> {
  const message =
    withdrawn || pages
      ? JSON.stringify({ from: instance, ...(withdrawn && { withdrawn }), ...(pages && { pages: [...pages] }) })
      : instance
  if (!withdrawn) return publisher.publish(CHANNEL, message)
  const now = Date.now()
  return publisher
    .multi()
    .zadd(WITHDRAWN_KEY, now, JSON.stringify({ from: instance, at: now, withdrawn }))
    .zremrangebyscore(WITHDRAWN_KEY, '-inf', now - WITHDRAWN_KEPT_MS)
    .publish(CHANNEL, message)
    .exec()
    .then((results) => {
      const failed = results?.find(([error]) => error)?.[0]
      if (!results || failed) throw failed ?? new Error('the transaction was discarded')
    })
}

/** Publishes this instance's changes, one at a time; one that failed is sent again (healthy: none waiting). */
function startPublishing(
  publisher: Redis,
  instance: string,
  { onLocalChange, retryMs, log }: Required<Pick<BusOptions, 'onLocalChange' | 'retryMs' | 'log'>>,
): BusSide {
  let pending = false
  /** The changes waiting to be published: what they took back and touched; null while none waits. */
  let waiting: Waiting | null = null
  let publishing = false
  let closed = false
  let retry: NodeJS.Timeout | undefined
  let warned = false

  const publish = () => {
    pending = true
    if (publishing || closed) return
    publishing = true
    pending = false
    // A publish again after a failure with nothing new waiting resends what counts for every page.
    const sending = waiting ?? {}
    waiting = null
    sendChange(publisher, instance, sending).then(
      () => {
        publishing = false
        if (warned) log('Invalidation bus: the data change was published to other instances.')
        warned = false
        if (pending) publish() // a change that came in meanwhile
      },
      (error: unknown) => {
        publishing = false
        pending = true
        waiting = waiting ? joined(sending, waiting) : sending
        if (!warned)
          log(`Invalidation bus: could not publish a data change to other instances (retrying): ${String(error)}`)
        warned = true
        clearTimeout(retry)
        retry = setTimeout(() => publisher.status === 'ready' && publish(), retryMs)
        retry.unref()
      },
    )
  }
  const unsubscribe = onLocalChange((_version, change) => {
    waiting = joined(waiting, {
      ...(change.withdrawn && { withdrawn: [...change.withdrawn] }),
      ...(change.pages && { pages: new Set(change.pages) }),
    })
    publish()
  })
  publisher.on('ready', () => {
    if (pending) publish()
  })
  return {
    healthy: () => !pending && publisher.status === 'ready',
    close() {
      closed = true
      clearTimeout(retry)
      unsubscribe()
    },
  }
}

/** The withdrawals published since `since` (while the subscriber was away), applied as peers' changes. */
function catchUp(
  publisher: Redis,
  instance: string,
  since: number,
  { onPeerChange, log }: Required<Pick<BusOptions, 'onPeerChange' | 'log'>>,
) {
  publisher.zrangebyscore(WITHDRAWN_KEY, since - CLOCK_MARGIN_MS, '+inf').then(
    (entries) => {
      for (const entry of entries) {
        const { from, withdrawn: taken } = parseMessage(entry)
        if (from !== instance && taken?.length) onPeerChange(peerChange(taken))
      }
    },
    (error: unknown) => log(`Invalidation bus: could not read the withdrawals missed meanwhile: ${String(error)}`),
  )
}

/**
 * Applies peers' changes, resubscribes after every reconnection (and then treats the cache as stale), and checks
 * with a heartbeat that the subscriber still hears (healthy: subscribed, connected and hearing).
 */
function startListening(
  subscriber: Redis,
  publisher: Redis,
  instance: string,
  { onPeerChange, heartbeatMs, log }: Required<Pick<BusOptions, 'onPeerChange' | 'heartbeatMs' | 'log'>>,
): BusSide {
  let subscribed = false
  let closed = false
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== CHANNEL) return
    const { from, withdrawn: taken, pages } = parseMessage(message)
    if (from !== instance) onPeerChange(peerChange(taken, pages))
  })
  const subscribe = () => {
    subscriber.subscribe(CHANNEL).then(
      () => (subscribed = true),
      (error: unknown) => log(`Invalidation bus: subscribe failed: ${String(error)}`),
    )
  }
  let connectedOnce = subscriber.status === 'ready'
  /** False from a heartbeat that went unanswered until the subscriber is connected again. */
  let hearing = true
  /** When the subscriber lost its connection (null while connected). */
  let lostAt: number | null = null
  subscriber.on('close', () => {
    subscribed = false
    lostAt ??= Date.now()
  })
  subscriber.on('ready', () => {
    // A reconnect: messages may have been lost in between, so whatever is cached may be stale.
    if (connectedOnce) onPeerChange(peerChange(undefined))
    if (connectedOnce && lostAt !== null) catchUp(publisher, instance, lostAt, { onPeerChange, log })
    lostAt = null
    connectedOnce = true
    hearing = true
    subscribe() // again after every (re)connection: one that failed while Redis was down is not resubscribed for us
  })
  if (connectedOnce) subscribe()

  let beating = false
  const heartbeat = () => {
    if (beating || closed || subscriber.status !== 'ready') return
    beating = true
    // The client's command timeout bounds the wait (src/edge/redis.ts).
    subscriber.ping().then(
      () => {
        beating = false
      },
      (error: unknown) => {
        beating = false
        if (closed || !hearing) return
        hearing = false
        log(`Invalidation bus: the subscriber did not answer a heartbeat (${String(error)}); reconnecting`)
        subscriber.disconnect(true)
      },
    )
  }
  const beat = heartbeatMs > 0 ? setInterval(heartbeat, heartbeatMs).unref() : undefined
  return {
    healthy: () => subscribed && hearing && subscriber.status === 'ready',
    close() {
      closed = true
      clearInterval(beat)
      subscriber.disconnect()
    },
  }
}
