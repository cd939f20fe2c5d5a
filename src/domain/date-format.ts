/**
 * The ways a page may print dates and times (docs/pages.md): the words of the setting, no formatting. How each one
 * looks is src/format/dates.ts's; the time zone is a setting of its own.
 */
export const DATE_FORMATS = ['day-month', 'month-day', 'iso'] as const
export type DateFormat = (typeof DATE_FORMATS)[number]

/** What the pages printed before the setting existed, and what a page without one prints. */
export const DEFAULT_DATE_FORMAT: DateFormat = 'day-month'

export const DATE_FORMAT_LABELS: Record<DateFormat, string> = {
  'day-month': '27 Nov 2026, 14:05 (day first, 24-hour)',
  'month-day': 'Nov 27, 2026, 2:05 PM (month first, 12-hour)',
  iso: '2026-11-27 14:05 (ISO 8601)',
}

export const isDateFormat = (value: unknown): value is DateFormat =>
  typeof value === 'string' && (DATE_FORMATS as readonly string[]).includes(value)
