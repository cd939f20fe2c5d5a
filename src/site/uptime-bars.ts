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
import type { ServiceStatus } from '@/domain/statuses'
import { observedSince, windowUptime, type CountedStatus } from '@/domain/uptime'
import type { ServiceUptime } from '@/public-api/uptime'

import { formatDay } from '@/format/dates'
import { escapeHtml, raw, type SafeHtml } from '@/format/html'

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

const STATUS_WORDS: [CountedStatus, string][] = [
  ['major', 'major outage'],
  ['partial', 'partial outage'],
  ['degraded', 'degraded'],
  ['maintenance', 'maintenance'],
]

/** 99.99 % style: floored to 2 decimals, so 99.999 never reads as 100. */
export function percentText(percent: number | null): string {
  if (percent === null) return 'no data'
  const floored = Math.floor(percent * 100) / 100
  return `${Number.isInteger(floored) ? floored : floored.toFixed(2)}%`
}

/** "1 h 5 min", "20 min", "45 s": short, since a page can hold 90,000 of them. */
function lengthText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.round(seconds / 60)
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return hours ? (rest ? `${hours} h ${rest} min` : `${hours} h`) : `${rest} min`
}

/** "9 Mar 2026" (as the page's date format says) for each date of the window (the same for every service on a page). */
export function dateLabels(service: ServiceUptime | undefined, format?: DateFormat | null): Map<string, string> {
  return new Map((service?.days ?? []).map((d) => [d.date, formatDay(d.date, format)]))
}

/** A flapping alert can open dozens of incidents a day: each bar names a few and counts the rest. */
const INCIDENTS_LISTED_PER_DAY = 5

/** The text of a bar, as HTML: only incident titles need escaping (dates, numbers and words are ours). */
function dayText(day: ServiceUptime['days'][number], label: string, focusable: boolean): string {
  if (day.uptimePercent === null) return `${label}: no data`
  let text = `${label}: ${percentText(day.uptimePercent)}`
  let times = ''
  for (const [status, words] of STATUS_WORDS)
    if (day.seconds[status] > 0) times += `${times ? ', ' : ''}${words} ${lengthText(day.seconds[status])}`
  if (times) text += `; ${times}`
  else if (day.worst !== 'operational' && day.worst !== null) text += `; ${day.worst}`
  if (day.incidents.length) {
    // Only the focusable day's links are tab stops (the page's script moves them with the focus).
    const attribute = focusable ? '' : 'tabindex=-1 '
    const listed = day.incidents.slice(0, INCIDENTS_LISTED_PER_DAY)
    text +=
      '; incidents: ' +
      listed
        .map((i) => `<a ${attribute}href="/i/${encodeURIComponent(i.shortId)}">${escapeHtml(i.title)}</a>`)
        .join(', ')
    const more = day.incidents.length - listed.length
    if (more > 0) text += ` and ${more} more`
  }
  return text
}

const shortDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' })

/**
 * "99.9% uptime over 90 days", or for a service younger than the window "99.9% uptime since 24 Nov": the figure is
 * over the observed days only, and the label says which ("over 90 days" would be false of a service ten minutes
 * old). The days before it existed stay grey bars ("no data").
 */
function windowTotal(days: ServiceUptime['days']): string {
  const percent = percentText(windowUptime(days))
  const since = observedSince(days)
  if (since === null || since === days[0]?.date) return `${percent} uptime over ${days.length} days`
  const date = new Date(`${since}T00:00:00Z`)
  const year =
    date.getUTCFullYear() === new Date(`${days[days.length - 1].date}T00:00:00Z`).getUTCFullYear()
      ? ''
      : ` ${date.getUTCFullYear()}`
  return `${percent} uptime since ${shortDate.format(date)}${year}`
}

/** The bars of one service, and its uptime over 90 and 30 days. `labels`: from dateLabels(). */
export function uptimeBars(service: ServiceUptime, labels: Map<string, string>): SafeHtml {
  let bars = ''
  const last = service.days.length - 1
  service.days.forEach((day, index) => {
    const kind = day.worst === null ? 'n' : CLASS[day.worst]
    // One tab stop per service (a roving tabindex): today's bar; the page's script moves it with the arrow
    // keys (src/site/layout.ts). Unquoted attributes and no </li> (optional in HTML): a few bytes, 90,000 times.
    bars += `<li ${index === last ? 'tabindex=0 ' : ''}class=${kind}><i>${dayText(day, labels.get(day.date) ?? day.date, index === last)}</i>`
  })
  const name = escapeHtml(service.name)
  return raw(
    `<div class="uptime"><ol class="bars" aria-label="${name}: uptime per day, oldest first">${bars}</ol>` +
      `<p class="uptime-total"><span class="u90">${windowTotal(service.days)}</span><span class="u30">${windowTotal(service.days.slice(-PHONE_DAYS))}</span></p></div>`,
  )
}
