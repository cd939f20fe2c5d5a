/**
 * What the edge knows about its dependencies, for /api/health (which runs inside Next, so the probe lives in the
 * runtime state, src/runtime/state.ts). Only Redis for now: with REDIS_URL set and Redis unreachable the service
 * still serves, but degraded (per-instance rate limits, short-lived cache entries).
 */
import { peekSlot, setSlot, slot } from './state'

export interface EdgeHealth {
  /** Absent when REDIS_URL is not set. */
  redis?: 'up' | 'down'
}

declare module './state' {
  interface RuntimeSlots {
    /** The edge's view of its dependencies, for /api/health. */
    edgeHealth: () => EdgeHealth
    /** When the database last answered a query (ms since the epoch). */
    databaseAnswered: { at: number }
  }
}

/** For the edge: registers the probe. */
export function setEdgeHealthProbe(probe: () => EdgeHealth): void {
  setSlot('edgeHealth', probe)
}

/** For /api/health: the edge's view, or {} when no edge runs (in-process tests). */
export function edgeHealth(): EdgeHealth {
  return peekSlot('edgeHealth')?.() ?? {}
}

/**
 * Whether other instances' writes may go unheard: the invalidation bus (Redis) is down, so the local data version
 * does not move when a peer writes. Memos keyed by that version (list totals, the uptime table) must not be
 * trusted then; the edge already keeps cached responses for 2 s only.
 */
export function peersUnheard(): boolean {
  return edgeHealth().redis === 'down'
}

const answered = () => slot('databaseAnswered', () => ({ at: -Infinity }))

/** For the database adapter's watch (src/auth/database-failure.ts): a query was answered, now. */
export function noteDatabaseAnswered(now = Date.now()): void {
  answered().at = now
}

/**
 * Whether the database answered any query within the last `ms`: while it does, a slow response is the database
 * being busy, not gone, and is worth waiting for; one whose packets are dropped answers nothing at all.
 */
export function databaseAnsweredWithin(ms: number, now = Date.now()): boolean {
  return now - answered().at < ms
}
