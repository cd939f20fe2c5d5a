/**
 * What the edge knows about its dependencies, for /api/health (which runs inside Next, so the probe hangs off
 * globalThis like the data version). Only Redis for now: with REDIS_URL set and Redis unreachable the service
 * still serves, but degraded (per-instance rate limits, short-lived cache entries).
 */
export interface EdgeHealth {
  /** Absent when REDIS_URL is not set. */
  redis?: 'up' | 'down'
}

const KEY = Symbol.for('statuspage.edgeHealth')
type Holder = typeof globalThis & { [KEY]?: () => EdgeHealth }

/** For the edge: registers the probe. */
export function setEdgeHealthProbe(probe: () => EdgeHealth): void {
  ;(globalThis as Holder)[KEY] = probe
}

/** For /api/health: the edge's view, or {} when no edge runs (in-process tests). */
export function edgeHealth(): EdgeHealth {
  return (globalThis as Holder)[KEY]?.() ?? {}
}
