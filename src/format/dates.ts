/** Dates and lengths as the public pages show them. */
import { estimateDuration } from '../domain/duration'

/** "22 Nov 2025, 14:05 UTC" style, in `timeZone`, with the zone's short name. */
export function formatDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso))
}

/** "2 hours" between two instants (at least "less than a minute"). */
export function lengthBetween(fromIso: string, to: Date | string): string {
  return estimateDuration(new Date(fromIso), new Date(to)) ?? 'less than a minute'
}
