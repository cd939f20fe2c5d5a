const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

function unit(count: number, name: string): string {
  return `${count} ${name}${count === 1 ? '' : 's'}`
}

/** A window's length in at most two units, as estimateDuration rounds it; all zero: less than a minute. */
export interface DurationParts {
  days: number
  hours: number
  minutes: number
}

/**
 * The parts of estimateDuration's text, for a page that says them in its own language: null for an open end (or
 * an invalid one), all zero under a minute.
 */
export function durationParts(start: Date, end: Date | null): DurationParts | null {
  if (!end) return null
  const length = end.getTime() - start.getTime()
  if (!Number.isFinite(length)) return null
  let total = Math.max(0, Math.round(length / MINUTE) * MINUTE)
  if (total >= DAY) total = Math.round(total / HOUR) * HOUR
  return {
    days: Math.floor(total / DAY),
    hours: Math.floor((total % DAY) / HOUR),
    minutes: Math.floor((total % HOUR) / MINUTE),
  }
}

/**
 * A human estimate of a window's length, as an operator would write it: "30 minutes", "2 hours", "1 day 4 hours".
 * Two units at most, because "1 day 4 hours 3 minutes" reads as false precision: under a day it is rounded to the
 * minute, from a day on to the hour (so 1 day 4 hours 50 minutes reads "1 day 5 hours", not "1 day 4 hours").
 * An open end has no length: null.
 */
export function estimateDuration(start: Date, end: Date | null): string | null {
  const parts = durationParts(start, end)
  if (!parts) return null
  const { days, hours, minutes } = parts
  if (!days && !hours && !minutes) return 'less than a minute'
  const words: string[] = []
  if (days) words.push(unit(days, 'day'))
  if (hours) words.push(unit(hours, 'hour'))
  if (minutes) words.push(unit(minutes, 'minute'))
  return words.join(' ')
}

/**
 * The first instant after `now` at which `estimateDuration(start, ·)` reads differently: when a page that says
 * "ongoing for 5 minutes" goes stale. The estimate only grows with its end, so the first change is found by halving
 * the interval; it comes within the hour (rounded to the minute under a day, to the hour from a day on).
 */
export function estimateChangesAt(start: Date, now: Date): Date {
  const current = estimateDuration(start, now)
  let unchanged = now.getTime()
  let changed = unchanged + HOUR + MINUTE
  while (changed - unchanged > 1) {
    const middle = Math.floor((unchanged + changed) / 2)
    if (estimateDuration(start, new Date(middle)) === current) unchanged = middle
    else changed = middle
  }
  return new Date(changed)
}

/** The duration shown to readers: what the operator wrote, else the estimate from the window. */
export function displayDuration(stored: string | null | undefined, start: Date, end: Date | null): string {
  const written = stored?.trim()
  if (written) return written
  return estimateDuration(start, end) ?? 'until further notice'
}

export interface DurationWrite {
  /** The duration after the write: what the writer sent, or the stored one when the write did not touch it. */
  written: string | null | undefined
  scheduledStartAt: Date
  scheduledEndAt: Date | null
  /** The stored maintenance before the write, on updates. */
  previous?: { duration?: string | null; scheduledStartAt: Date; scheduledEndAt: Date | null } | null
}

/**
 * The duration to store. An operator's text is kept; an empty one is filled with the estimate of the window. A
 * stored estimate (equal to the estimate of the previous window) is not the operator's, so it follows the window.
 */
export function durationToStore(input: DurationWrite): string | null {
  let text = input.written?.trim() || null
  const previous = input.previous
  if (text && previous && text === estimateDuration(previous.scheduledStartAt, previous.scheduledEndAt)) text = null
  return text ?? estimateDuration(input.scheduledStartAt, input.scheduledEndAt)
}

/**
 * The first instant after `now` at which `estimateDuration(·, end)` reads differently: when "starts in 2 minutes"
 * goes stale. The estimate only shrinks as its start nears `end`, so the change is found by halving, within the hour;
 * at `end` itself the countdown is over.
 */
export function countdownChangesAt(end: Date, now: Date): Date {
  const current = estimateDuration(now, end)
  let unchanged = now.getTime()
  let changed = Math.min(end.getTime(), unchanged + HOUR + MINUTE)
  if (changed <= unchanged) return new Date(unchanged + MINUTE)
  if (estimateDuration(new Date(changed), end) === current) return new Date(changed)
  while (changed - unchanged > 1000) {
    const middle = Math.floor((unchanged + changed) / 2)
    if (estimateDuration(new Date(middle), end) === current) unchanged = middle
    else changed = middle
  }
  return new Date(changed)
}
