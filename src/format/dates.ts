/** Dates and lengths as the public pages show them. */
import { estimateDuration } from '@/domain/duration'

/**
 * One formatter per kind and time zone, made on first use: building an Intl.DateTimeFormat costs far more than
 * formatting with it, and a page of incidents and maintenances formats dozens of instants in the same zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(kind: 'dateTime' | 'time' | 'day', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`
  let made = formatters.get(key)
  if (!made) {
    made =
      kind === 'dateTime'
        ? new Intl.DateTimeFormat('en-GB', {
            timeZone,
            day: 'numeric',
            month: 'short',
            year: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            timeZoneName: 'short',
          })
        : kind === 'time'
          ? new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', timeZoneName: 'short' })
          : new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    // Settings name the zone, so there are few; an invalid one throws above and is not kept.
    formatters.set(key, made)
  }
  return made
}

/** "22 Nov 2025, 14:05 UTC" style, in `timeZone`, with the zone's short name. */
export function formatDateTime(iso: string, timeZone: string): string {
  return formatter('dateTime', timeZone).format(new Date(iso))
}

/** "14:05 UTC": the time alone, for the end of a window on the day it started. */
export function formatTime(iso: string, timeZone: string): string {
  return formatter('time', timeZone).format(new Date(iso))
}

/** Whether two instants fall on the same calendar day in `timeZone`. */
export function sameDay(a: string, b: string, timeZone: string): boolean {
  const day = formatter('day', timeZone)
  return day.format(new Date(a)) === day.format(new Date(b))
}

/** "2 hours" between two instants (at least "less than a minute"). */
export function lengthBetween(fromIso: string, to: Date | string): string {
  return estimateDuration(new Date(fromIso), new Date(to)) ?? 'less than a minute'
}
