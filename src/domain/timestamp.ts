/**
 * What a timestamp written through the CMS API is. A date-time without an offset ("2026-12-01T10:00:00") names no
 * instant: JavaScript reads it in the process's time zone, so two instances with different TZ would store
 * different instants for one request. Such values are refused, never guessed; the public API refuses them too.
 */
import { z } from 'zod'

export const TIMESTAMP_EXAMPLE = '2026-01-31T12:00:00Z'

/** RFC 3339: date, time with seconds (fraction optional), and Z or ±hh:mm. */
const withOffset = z.iso.datetime({ offset: true })
const dateOnly = z.iso.date()

/** Years both databases store. */
const inRange = (time: number) => {
  if (!Number.isFinite(time)) return false
  const year = new Date(time).getUTCFullYear()
  return year >= 1 && year <= 9999
}

/**
 * Why a value written to a date field is refused, or null when it is an instant: a date-time with an offset, a
 * Date, or epoch milliseconds. `field` is how the message names the field.
 */
export function writtenTimestampError(field: string, value: unknown): string | null {
  if (value instanceof Date) return inRange(value.getTime()) ? null : `${field} must be a valid date`
  if (typeof value === 'number') return inRange(value) ? null : `${field} must be a valid date`
  if (typeof value !== 'string') return `${field} must be a date-time, e.g. ${TIMESTAMP_EXAMPLE}`
  if (!withOffset.safeParse(value).success) {
    return `${field} must be a date-time with a time zone offset (Z or ±hh:mm), e.g. ${TIMESTAMP_EXAMPLE}`
  }
  return inRange(Date.parse(value)) ? null : `${field} must be a valid date`
}

/** The one stored form of a written instant: UTC, milliseconds, Z (a text column in SQLite compares as text). */
export function canonicalTimestamp(value: string | number | Date): string {
  return new Date(value).toISOString()
}

/**
 * Whether a filter value names an instant: a date-time with an offset, a date alone (midnight UTC, as the public
 * API reads it), or epoch milliseconds.
 */
export function isFilterInstant(value: unknown): boolean {
  if (value instanceof Date) return inRange(value.getTime())
  if (typeof value === 'number') return inRange(value)
  if (typeof value !== 'string') return false
  const text = value.trim()
  if (/^-?\d+$/.test(text)) return false
  if (!withOffset.safeParse(text).success && !dateOnly.safeParse(text).success) return false
  return inRange(Date.parse(text))
}
