/** Dates and lengths as the public pages show them, in a page's date format (src/domain/date-format.ts). */
import { DEFAULT_DATE_FORMAT, type DateFormat } from '@/domain/date-format'
import type { AnyLocale } from '@/domain/locales'

interface DateStyle {
  locale: string
  /** "27 Nov 2026, 14:05 UTC": an instant, with the zone's short name. */
  dateTime: Intl.DateTimeFormatOptions
  /** "14:05 UTC": the time alone, for the end of a window on the day it started. */
  time: Intl.DateTimeFormatOptions
  /** "Friday 27 November": a day heading of the history. */
  weekday: Intl.DateTimeFormatOptions
  /** "27 Nov 2026": a day of the uptime bars. */
  day: Intl.DateTimeFormatOptions
}

/**
 * How each date format looks. The page's script (src/site/layout.ts) rewrites times into the visitor's zone with
 * the same locale and options, so the server's text and the script's never mix formats. ISO 8601 is Swedish's
 * everyday format, the one locale whose Intl output is "2026-11-27 14:05".
 */
export const DATE_STYLES: Record<DateFormat, DateStyle> = {
  'day-month': {
    locale: 'en-GB',
    dateTime: {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    },
    time: { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
    weekday: { weekday: 'long', day: 'numeric', month: 'long' },
    day: { day: 'numeric', month: 'short', year: 'numeric' },
  },
  'month-day': {
    locale: 'en-US',
    dateTime: {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    },
    time: { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
    weekday: { weekday: 'long', day: 'numeric', month: 'long' },
    day: { day: 'numeric', month: 'short', year: 'numeric' },
  },
  iso: {
    locale: 'sv-SE',
    dateTime: {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    },
    time: { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
    weekday: { day: '2-digit', month: '2-digit', year: 'numeric' },
    day: { day: '2-digit', month: '2-digit', year: 'numeric' },
  },
}

type Kind = keyof Omit<DateStyle, 'locale'> | 'calendarDay'

/**
 * The Intl locale of a page's dates: English pages (and the pseudo-locale's) use the date format's own (en-GB, en-US,
 * sv-SE), every other language its own, with the format's options: as the page's script does (src/site/layout.ts).
 */
export function dateLocale(format: DateFormat, locale?: AnyLocale): string {
  return !locale || locale.startsWith('en') ? DATE_STYLES[format].locale : locale
}

/**
 * One formatter per kind, format, language and time zone, made on first use: building an Intl.DateTimeFormat costs
 * far more than formatting with it, and a page of incidents and maintenances formats dozens of instants in one zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(kind: Kind, timeZone: string, given?: DateFormat | null, locale?: AnyLocale): Intl.DateTimeFormat {
  const format = given ?? DEFAULT_DATE_FORMAT
  const language = dateLocale(format, locale)
  const key = `${kind} ${format} ${language} ${timeZone}`
  let made = formatters.get(key)
  if (!made) {
    const style = DATE_STYLES[format]
    made =
      kind === 'calendarDay'
        ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat(language, { ...style[kind], timeZone })
    // Settings name the zone and the format, so there are few; an invalid zone throws above and is not kept.
    formatters.set(key, made)
  }
  return made
}

/** "22 Nov 2025, 14:05 UTC" style (as `format` says), in `timeZone`, with the zone's short name; in `locale`'s words. */
export function formatDateTime(iso: string, timeZone: string, format?: DateFormat | null, locale?: AnyLocale): string {
  return formatter('dateTime', timeZone, format, locale).format(new Date(iso))
}

/** "14:05 UTC": the time alone, for the end of a window on the day it started. */
export function formatTime(iso: string, timeZone: string, format?: DateFormat | null, locale?: AnyLocale): string {
  return formatter('time', timeZone, format, locale).format(new Date(iso))
}

/** "Friday 27 November": a day of the history, in `timeZone`. */
export function formatWeekday(date: Date, timeZone: string, format?: DateFormat | null, locale?: AnyLocale): string {
  return formatter('weekday', timeZone, format, locale).format(date)
}

/** "9 Mar 2026": a calendar date ("2026-03-09") as `format` prints it. */
export function formatDay(date: string, format?: DateFormat | null, locale?: AnyLocale): string {
  return formatter('day', 'UTC', format, locale).format(new Date(`${date}T00:00:00Z`))
}

/** Whether two instants fall on the same calendar day in `timeZone`. */
export function sameDay(a: string, b: string, timeZone: string): boolean {
  const day = formatter('calendarDay', timeZone)
  return day.format(new Date(a)) === day.format(new Date(b))
}
