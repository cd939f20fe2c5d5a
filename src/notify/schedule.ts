/**
 * When a maintenance is, as its messages say it: in a page's time zone and date format (docs/pages.md), in the
 * reader's language. The event keeps the window itself beside the text (src/notify/content.ts), so that each page's
 * subscribers read it their page's way and in their language (src/notify/deliver.ts).
 */
import type { DateFormat } from '@/domain/date-format'
import { type AnyLocale, DEFAULT_LOCALE } from '@/domain/locales'
import { type Recurrence, WEEKDAYS, type Weekday } from '@/domain/recurrence'
import { formatDateTime } from '@/format/dates'
import { type Translate, translator } from '@/i18n/translate'

export interface ScheduleWindow {
  startAt: string
  endAt: string | null
  /** How an announced series repeats (its occurrences are not announced one by one). */
  recurrence?: Recurrence | null
}

/** English says its lists and weekdays as it always did ("Tuesday, Wednesday and Friday"); the others their way. */
const intlLocale = (locale: AnyLocale) => (locale.startsWith('en') ? 'en-GB' : locale)

/** 2024-01-01 was a Monday: the weekdays' names, in `locale`. */
const weekdayName = (day: Weekday, locale: AnyLocale) =>
  new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day))),
  )

/** The weekday and the day of the month `at` falls on in `zone`, which a rule without its own days repeats on. */
function localDay(at: Date, zone: string): { weekday: Weekday; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', day: 'numeric' }).formatToParts(at)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return { weekday: part('weekday').slice(0, 3).toLowerCase() as Weekday, day: Number(part('day')) }
}

/** How a series repeats, in words ("repeats weekly on Tuesday and Friday"), with days read in the site's zone. */
function repeatsText(rule: Recurrence, firstStart: Date, zone: string, t: Translate, locale: AnyLocale): string | null {
  if (rule.frequency === 'none') return null
  if (rule.frequency === 'daily') return t('notify.schedule.daily')
  const local = localDay(firstStart, zone)
  if (rule.frequency === 'monthly') return t('notify.schedule.monthly', { day: rule.dayOfMonth ?? local.day })
  const days = rule.weekdays?.length ? WEEKDAYS.filter((d) => rule.weekdays?.includes(d)) : [local.weekday]
  const list = new Intl.ListFormat(intlLocale(locale), { type: 'conjunction' }).format(
    days.map((d) => weekdayName(d, locale)),
  )
  return t('notify.schedule.weekly', { days: list })
}

export function scheduleText(
  window: ScheduleWindow,
  timeZone: string,
  format?: DateFormat | null,
  locale: AnyLocale = DEFAULT_LOCALE,
): string {
  const t = translator(locale)
  const at = (iso: string) => formatDateTime(new Date(iso).toISOString(), timeZone, format, locale)
  const start = at(window.startAt)
  const span = window.endAt
    ? t('site.maintenance.window', { start, end: at(window.endAt) })
    : t('site.script.openEnd', { start })
  const repeats = window.recurrence
    ? repeatsText(window.recurrence, new Date(window.startAt), timeZone, t, locale)
    : null
  return repeats ? t('notify.schedule.repeating', { window: span, repeats }) : span
}
