/**
 * Recurring maintenance: a rule (daily, weekly on chosen days, monthly on a day) read in the site's time zone, so
 * "every Tuesday at 02:00" stays at 02:00 across daylight-saving changes. Each occurrence becomes a maintenance of
 * its own (src/services/maintenances/extend-series.ts); this computes when they fall and the iCalendar RRULE that says so.
 */
export const RECURRENCE_FREQUENCIES = ['none', 'daily', 'weekly', 'monthly'] as const
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number]
export const RECURRENCE_LABELS: Record<RecurrenceFrequency, string> = {
  none: 'Does not repeat',
  daily: 'Every day',
  weekly: 'Every week, on chosen days',
  monthly: 'Every month, on a day',
}

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof WEEKDAYS)[number]
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
}

/** How many future occurrences are kept created ahead of time. */
export const OCCURRENCES_AHEAD = 3

export interface Recurrence {
  frequency: RecurrenceFrequency
  weekdays?: readonly Weekday[] | null
  dayOfMonth?: number | null
  /** No occurrence starts after this. */
  until?: string | Date | null
}

interface Local {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()
function partsIn(zone: string, at: number): Local {
  let format = formatters.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(zone, format)
  }
  const get = (type: string) => Number(format.formatToParts(at).find((p) => p.type === type)?.value)
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  }
}

const asUtc = (l: Local) => Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second)

const offsetAt = (zone: string, at: number) => asUtc(partsIn(zone, at)) - at
const sameTime = (a: Local, b: Local) => asUtc(a) === asUtc(b)

/**
 * The instant a local wall-clock time names in `zone`. A time the clocks skipped is read with the offset before the
 * change, which lands just after it (02:30 in a skipped hour is 03:30), as RFC 5545 reads such a DTSTART; a time the
 * clocks passed twice is the first of the two.
 */
function fromLocal(local: Local, zone: string): number {
  const wall = asUtc(local)
  // No zone changes its offset twice within two days, so the offsets a day either side are the two in play.
  const before = offsetAt(zone, wall - 86_400_000)
  const after = offsetAt(zone, wall + 86_400_000)
  const candidates = [wall - Math.max(before, after), wall - Math.min(before, after)]
  return candidates.find((at) => sameTime(partsIn(zone, at), local)) ?? wall - before
}

const weekdayOf = (l: Local): Weekday => WEEKDAYS[(new Date(Date.UTC(l.year, l.month - 1, l.day)).getUTCDay() + 6) % 7]
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

function matches(rule: Recurrence, day: Local, first: Local): boolean {
  if (rule.frequency === 'daily') return true
  if (rule.frequency === 'weekly') {
    const days = rule.weekdays?.length ? rule.weekdays : [weekdayOf(first)]
    return days.includes(weekdayOf(day))
  }
  if (rule.frequency === 'monthly') return day.day === (rule.dayOfMonth ?? first.day)
  return false
}

/**
 * The next `count` starts of the series after `after` (exclusive), at the first occurrence's local time of day.
 * A monthly day a month lacks (the 31st in April) is skipped, as iCalendar's BYMONTHDAY does.
 */
export function occurrencesAfter(rule: Recurrence, firstStart: Date, after: Date, count: number, zone: string): Date[] {
  if (rule.frequency === 'none' || count <= 0) return []
  const first = partsIn(zone, firstStart.getTime())
  const until = rule.until ? new Date(rule.until).getTime() : Infinity
  const from = partsIn(zone, Math.max(after.getTime(), firstStart.getTime()))
  const found: Date[] = []
  // Walk local calendar days; two years is more than any rule here needs to find three dates.
  for (let step = 0; step < 800 && found.length < count; step++) {
    const date = new Date(Date.UTC(from.year, from.month - 1, from.day + step))
    const day: Local = {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: first.hour,
      minute: first.minute,
      second: first.second,
    }
    if (day.day > daysInMonth(day.year, day.month) || !matches(rule, day, first)) continue
    const at = fromLocal(day, zone)
    if (at > until) break
    if (at > after.getTime() && at > firstStart.getTime()) found.push(new Date(at))
  }
  return found
}

const ordinal = (n: number) => {
  const suffix =
    n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'
  return `${n}${suffix}`
}

/** How a series repeats, for a page that says it in its own language (repeatsLabel's cases). */
export type RepeatsParts =
  { frequency: 'daily' } | { frequency: 'weekly'; weekdays: Weekday[] } | { frequency: 'monthly'; dayOfMonth: number }

/** How a series repeats, with days read in the site's zone as the occurrences are; null when it does not repeat. */
export function repeatsParts(rule: Recurrence, firstStart: Date, zone: string): RepeatsParts | null {
  if (rule.frequency === 'none') return null
  if (rule.frequency === 'daily') return { frequency: 'daily' }
  const local = partsIn(zone, firstStart.getTime())
  if (rule.frequency === 'monthly') return { frequency: 'monthly', dayOfMonth: rule.dayOfMonth ?? local.day }
  const weekdays = rule.weekdays?.length ? WEEKDAYS.filter((d) => rule.weekdays?.includes(d)) : [weekdayOf(local)]
  return { frequency: 'weekly', weekdays }
}

/**
 * How a series repeats, in words ("repeats weekly on Tuesday and Friday"), with days read in the site's zone as the
 * occurrences are; null when it does not repeat. A series is announced and shown once, with this line.
 */
export function repeatsLabel(rule: Recurrence, firstStart: Date, zone: string): string | null {
  const parts = repeatsParts(rule, firstStart, zone)
  if (!parts) return null
  if (parts.frequency === 'daily') return 'repeats daily'
  if (parts.frequency === 'monthly') return `repeats monthly on the ${ordinal(parts.dayOfMonth)}`
  const days = parts.weekdays.map((d) => WEEKDAY_LABELS[d])
  const list = days.length > 1 ? `${days.slice(0, -1).join(', ')} and ${days.at(-1)}` : days[0]
  return `repeats weekly on ${list}`
}

const BYDAY: Record<Weekday, string> = { mon: 'MO', tue: 'TU', wed: 'WE', thu: 'TH', fri: 'FR', sat: 'SA', sun: 'SU' }

/**
 * The rule as an iCalendar RRULE value for an event whose DTSTART is written in the site's zone (TZID), or null when
 * it does not repeat. Days and times are read in that zone, as the occurrences are made (occurrencesAfter), so every
 * instance a calendar expands falls where an occurrence is, across daylight-saving changes; UNTIL is in UTC, as RFC
 * 5545 requires with a zoned DTSTART.
 */
export function rruleOf(rule: Recurrence, firstStart: Date, zone: string): string | null {
  if (rule.frequency === 'none') return null
  const local = partsIn(zone, firstStart.getTime())
  const parts = [`FREQ=${rule.frequency.toUpperCase()}`]
  if (rule.frequency === 'weekly') {
    const days = rule.weekdays?.length ? rule.weekdays : [weekdayOf(local)]
    parts.push(`BYDAY=${days.map((d) => BYDAY[d]).join(',')}`)
  }
  if (rule.frequency === 'monthly') parts.push(`BYMONTHDAY=${rule.dayOfMonth ?? local.day}`)
  if (rule.until)
    parts.push(
      `UNTIL=${new Date(rule.until)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}`,
    )
  return parts.join(';')
}
