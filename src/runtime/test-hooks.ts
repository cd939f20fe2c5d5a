/**
 * Points where the tests look inside a running server. Production code only calls them; nothing in src/ installs
 * them. The e2e tests start the server with a preload module (tests/helpers/server-test-hooks.mjs, through
 * NODE_OPTIONS=--import) that sets them before the server's first line runs: a production start cannot reach
 * /__edge/stats, kill itself mid-delivery, or reset a demo every few seconds.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

import { peekSlot } from './state'

export interface TestHooks {
  /** Sees each request the edge hands to Next. */
  handedToNext?(url: string): void
  /** May answer a request before the edge routes it; true when it did. */
  answerBeforeEdge?(req: IncomingMessage, res: ServerResponse, edge: { cacheEntries(): number }): boolean
  /** Called after each batch of deliveries with the number sent (the crash tests kill the process here). */
  afterDeliveryBatch?(sent: number): void
  /** Replaces the demo reset interval (DEMO_RESET_INTERVAL_MINUTES) with this many milliseconds. */
  demoResetIntervalMs?: number
  /** Replaces how often the start asks /api/health again while the database does not answer (server.ts). */
  healthRetryMs?: number
  /** Awaited by the demo reset between its wipe and its seed (the tests slow it down or make it fail there). */
  duringDemoReset?(): Promise<void>
}

declare module './state' {
  interface RuntimeSlots {
    /** Installed by the tests' preload module only; never set in production. */
    testHooks: TestHooks
  }
}

const NONE: TestHooks = Object.freeze({})

/** The installed hooks; none in production. */
export function testHooks(): TestHooks {
  return peekSlot('testHooks') ?? NONE
}
