/** ioredis clients for the edge: fail fast while disconnected (no offline queue), and log an outage once. */
import { Redis } from 'ioredis'

export function createRedis(
  url: string,
  role: string,
  options: { queueWhileOffline?: boolean; autoPipelining?: boolean } = {},
): Redis {
  const client = new Redis(url, {
    // Commands fail at once while disconnected instead of queueing: a request never waits on a dead Redis.
    enableOfflineQueue: options.queueWhileOffline ?? false,
    // The commands of one event-loop turn (every request's rate-limit script) go out in one write, not one each.
    enableAutoPipelining: options.autoPipelining ?? false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    // The invalidation bus subscribes again on every 'ready' itself, and handles a failure. ioredis's own
    // resubscription leaves its promise unhandled: a connection that closed just after 'ready' made it an unhandled
    // rejection, which ends a Node process (seen in the bus's unit test).
    autoResubscribe: false,
  })
  let down = false
  client.on('error', (error: Error) => {
    if (!down) console.warn(`Redis (${role}) unavailable: ${error.message}`)
    down = true
  })
  client.on('ready', () => {
    if (down) console.warn(`Redis (${role}) reachable again`)
    down = false
  })
  return client
}
