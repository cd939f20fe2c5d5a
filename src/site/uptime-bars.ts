/**
 * The uptime bars of a service: one bar per UTC day (90; the oldest 60 hidden on a phone by CSS), coloured by the
 * day's worst status, one tab stop for them all (today's bar; arrow keys, Home and End move between days), each
 * telling in text (shown beside it on hover and focus, read by screen
 * readers, there without JavaScript) the date, the uptime, the time in each status and links to the day's incidents.
 *
 * A status page can list 1,000 services, so 90,000 bars: the markup is one <li> with one <i> per bar (the text), built
 * by concatenation with the date labels computed once per page (see docs/benchmarks.md, "Uptime").
 */
import type { DateFormat } from '@/domain/date-format'
import { type AnyLocale, DEFAULT_LOCALE } from '@/domain/locales'
import type { ServiceStatus } from '@/domain/statuses'
import { observedSince, windowUptime, type CountedStatus } from '@/domain/uptime'
import type { ServiceUptime } from '@/public-api/uptime'
import type { PageLanguage } from '@/settings/page-language'

import { dateLocale, formatDay } from '@/format/dates'
import { escapeHtml, raw, type SafeHtml } from '@/format/html'
import { type MessageKey, type Translate, translator } from '@/i18n/translate'

/** Bars on a phone (the newest days); the others are hidden by the stylesheet. */
export const PHONE_DAYS = 30

/** One letter per worst status (a class; the stylesheet colours it): n = nothing observed. */
const CLASS: Record<ServiceStatus, string> = {
  operational: 'o',
  maintenance: 'm',
  degraded: 'd',
  partial: 'p',
  major: 'x',
}

const STATUS_TIMES: [CountedStatus, MessageKey][] = [
  ['major', 'site.uptime.time.major'],
  ['partial', 'site.uptime.time.partial'],
  ['degraded', 'site.uptime.time.degraded'],
  ['maintenance', 'site.uptime.time.maintenance'],
]

const WORST_WORDS: Record<Exclude<ServiceStatus, 'operational'>, MessageKey> = {
  major: 'site.uptime.worst.major',
  partial: 'site.uptime.worst.partial',
  degraded: 'site.uptime.worst.degraded',
  maintenance: 'site.uptime.worst.maintenance',
}

/** Stands for a value in a template: `\uE000name\uE001`, which no translation or escaping touches. */
const TOKEN = /\uE000(\w+)\uE001/g

/** A translated text with named holes, escaped once, filled by replacement: a page can hold 90,000 bars. */
type Template = (values: Record<string, string | number>) => string
function template(t: Translate, key: MessageKey, names: string[]): Template {
  const text = escapeHtml(t(key, Object.fromEntries(names.map((n) => [n, `\uE000${n}\uE001`]))))
  return (values) => text.replace(TOKEN, (_, name: string) => String(values[name]))
}

/** A language's words for the bars, made once per language (the catalogues do not change). */
interface BarWords {
  t: Translate
  locale: AnyLocale
  noData: string
  day: Template
  times: [CountedStatus, Template][]
  worst: Record<string, string>
  seconds: Template
  minutes: Template
  hours: Template
  hoursMinutes: Template
  incidents: Template
}

const barWords = new Map<AnyLocale, BarWords>()
function wordsOf(locale: AnyLocale): BarWords {
  let words = barWords.get(locale)
  if (!words) {
    const t = translator(locale)
    words = {
      t,
      locale,
      noData: escapeHtml(t('site.uptime.noData')),
      day: template(t, 'site.uptime.day', ['date', 'percent']),
      times: STATUS_TIMES.map(([status, key]) => [status, template(t, key, ['length'])]),
      worst: Object.fromEntries(Object.entries(WORST_WORDS).map(([s, key]) => [s, escapeHtml(t(key))])),
      seconds: template(t, 'site.uptime.seconds', ['seconds']),
      minutes: template(t, 'site.uptime.minutes', ['minutes']),
      hours: template(t, 'site.uptime.hours', ['hours']),
      hoursMinutes: template(t, 'site.uptime.hoursMinutes', ['hours', 'minutes']),
      incidents: template(t, 'site.uptime.incidents', ['list']),
    }
    barWords.set(locale, words)
  }
  return words
}

const percentFormats = new Map<string, Intl.NumberFormat>()

/** 99.99 % style: floored to 2 decimals, so 99.999 never reads as 100; as `locale` writes a percentage. */
export function percentText(percent: number | null, locale: AnyLocale = DEFAULT_LOCALE): string {
  if (percent === null) return wordsOf(locale).t('site.uptime.noData')
  const floored = Math.floor(percent * 100) / 100
  if (locale.startsWith('en')) return `${Number.isInteger(floored) ? floored : floored.toFixed(2)}%`
  const digits = Number.isInteger(floored) ? 0 : 2
  const key = `${locale} ${digits}`
  let format = percentFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    })
    percentFormats.set(key, format)
  }
  return format.format(floored / 100)
}

/** "1 h 5 min", "20 min", "45 s": short, since a page can hold 90,000 of them. */
function lengthText(seconds: number, words: BarWords): string {
  if (seconds < 60) return words.seconds({ seconds })
  const minutes = Math.round(seconds / 60)
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return hours
    ? rest
      ? words.hoursMinutes({ hours, minutes: rest })
      : words.hours({ hours })
    : words.minutes({ minutes: rest })
}

/** "9 Mar 2026" (as the page's date format says) for each date of the window (the same for every service on a page). */
export function dateLabels(
  service: ServiceUptime | undefined,
  format?: DateFormat | null,
  locale?: AnyLocale,
): Map<string, string> {
  return new Map((service?.days ?? []).map((d) => [d.date, formatDay(d.date, format, locale)]))
}

/** A flapping alert can open dozens of incidents a day: each bar names a few and counts the rest. */
const INCIDENTS_LISTED_PER_DAY = 5

/** The text of a bar, as HTML: the words and labels escaped, the incident links made of escaped titles. */
function dayText(day: ServiceUptime['days'][number], label: string, focusable: boolean, words: BarWords): string {
  const date = escapeHtml(label)
  if (day.uptimePercent === null) return `${date}: ${words.noData}`
  let text = words.day({ date, percent: escapeHtml(percentText(day.uptimePercent, words.locale)) })
  let times = ''
  for (const [status, timeIn] of words.times)
    if (day.seconds[status] > 0)
      times += `${times ? ', ' : ''}${timeIn({ length: escapeHtml(lengthText(day.seconds[status], words)) })}`
  if (times) text += `; ${times}`
  else if (day.worst !== 'operational' && day.worst !== null) text += `; ${words.worst[day.worst]}`
  if (day.incidents.length) {
    // Only the focusable day's links are tab stops (the page's script moves them with the focus).
    const attribute = focusable ? '' : 'tabindex=-1 '
    const listed = day.incidents.slice(0, INCIDENTS_LISTED_PER_DAY)
    const list = listed
      .map((i) => `<a ${attribute}href="/i/${encodeURIComponent(i.shortId)}">${escapeHtml(i.title)}</a>`)
      .join(', ')
    const more = day.incidents.length - listed.length
    // Rare (a flapping day): its plural is formatted here, the list put in its place.
    const incidents =
      more > 0
        ? escapeHtml(words.t('site.uptime.incidentsMore', { list: '\uE000list\uE001', more })).replace(
            TOKEN,
            () => list,
          )
        : words.incidents({ list })
    text += `; ${incidents}`
  }
  return text
}

const shortDates = new Map<string, Intl.DateTimeFormat>()
function shortDate(locale: AnyLocale): Intl.DateTimeFormat {
  const language = dateLocale('day-month', locale)
  let made = shortDates.get(language)
  if (!made) {
    made = new Intl.DateTimeFormat(language, { timeZone: 'UTC', day: 'numeric', month: 'short' })
    shortDates.set(language, made)
  }
  return made
}

/**
 * "99.9% uptime over 90 days", or for a service younger than the window "99.9% uptime since 24 Nov": the figure is
 * over the observed days only, and the label says which ("over 90 days" would be false of a service ten minutes
 * old). The days before it existed stay grey bars ("no data").
 */
function windowTotal(days: ServiceUptime['days'], words: BarWords): string {
  const percent = percentText(windowUptime(days), words.locale)
  const since = observedSince(days)
  if (since === null || since === days[0]?.date) return words.t('site.uptime.over', { percent, days: days.length })
  const date = new Date(`${since}T00:00:00Z`)
  const year =
    date.getUTCFullYear() === new Date(`${days[days.length - 1].date}T00:00:00Z`).getUTCFullYear()
      ? ''
      : ` ${date.getUTCFullYear()}`
  return words.t('site.uptime.since', { percent, date: `${shortDate(words.locale).format(date)}${year}` })
}

/** The bars of one service, and its uptime over 90 and 30 days. `labels`: from dateLabels(). */
export function uptimeBars(
  service: ServiceUptime,
  labels: Map<string, string>,
  language?: Pick<PageLanguage, 'locale'>,
): SafeHtml {
  const words = wordsOf(language?.locale ?? DEFAULT_LOCALE)
  let bars = ''
  const last = service.days.length - 1
  service.days.forEach((day, index) => {
    const kind = day.worst === null ? 'n' : CLASS[day.worst]
    // One tab stop per service (a roving tabindex): today's bar; the page's script moves it with the arrow
    // keys (src/site/layout.ts). Unquoted attributes and no </li> (optional in HTML): a few bytes, 90,000 times.
    bars += `<li ${index === last ? 'tabindex=0 ' : ''}class=${kind}><i>${dayText(day, labels.get(day.date) ?? day.date, index === last, words)}</i>`
  })
  const label = escapeHtml(words.t('site.uptime.bars', { service: service.name }))
  const total = (days: ServiceUptime['days']) => escapeHtml(windowTotal(days, words))
  return raw(
    `<div class="uptime"><ol class="bars" aria-label="${label}">${bars}</ol>` +
      `<p class="uptime-total"><span class="u90">${total(service.days)}</span><span class="u30">${total(service.days.slice(-PHONE_DAYS))}</span></p></div>`,
  )
}
