/**
 * The bounds of a time window as the public lists take them: an ISO 8601 date-time with an offset, or a date,
 * which means the whole day in UTC. One function for applying the bounds and for checking their order, so a query
 * is never refused for an order its filter would not have.
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** The instant a bound stands for: a date-only `from` is its first millisecond, a date-only `to` its last. */
export function windowBound(value: string, edge: 'start' | 'end'): Date {
  if (DATE_ONLY.test(value)) return new Date(edge === 'start' ? `${value}T00:00:00.000Z` : `${value}T23:59:59.999Z`)
  return new Date(value)
}

/** True when the window `from`..`to` (either may be absent) ends before it starts. */
export function windowEndsBeforeStart(from: string | undefined, to: string | undefined): boolean {
  if (!from || !to) return false
  return windowBound(to, 'end').getTime() < windowBound(from, 'start').getTime()
}
