/**
 * A metric's chart (docs/metrics.md): an SVG drawn on the server (no script), its axes in the page's time zone and
 * the metric's unit and decimals, coloured by the site's variables through CHART_CSS (the pages carry no style
 * attributes), and the same numbers as a table in a <details> for screen readers and keyboards. Each chart links to
 * its metric's pages of the three ranges (`/metrics/<slug>/<range>`, one cached path each).
 */
import { type MetricPoint, type MetricRange, METRIC_RANGES, RANGE_SPANS } from '@/domain/metrics'
import { DEFAULT_DATE_FORMAT } from '@/domain/date-format'
import { dateLocale, formatDateTime } from '@/format/dates'
import { html, raw, type SafeHtml } from '@/format/html'
import { type MessageKey, tOf } from '@/i18n/translate'
import type { PublicMetric, RangePoints } from '@/public-api/metrics'
import type { SiteSettings } from '@/settings/site-settings'

import { localeOf } from './words'

/** The chart's stylesheet: added to a page only when it shows a chart, so other pages stay as they were. */
export const CHART_CSS =
  '.chart{margin:.5rem 0 1rem}.chart svg{display:block;width:100%;height:auto;max-width:40rem}' +
  '.chart .axis{stroke:var(--muted);stroke-width:1}.chart .grid{stroke:var(--line);stroke-width:1}' +
  '.chart .line{fill:none;stroke:var(--link);stroke-width:2;stroke-linejoin:round}' +
  '.chart .dot{fill:var(--link)}.chart text{fill:var(--fg);font-size:11px}' +
  '.chart h3{font-size:1rem;margin:0 0 .25rem}.chart .ranges{display:flex;gap:1rem;list-style:none;padding:0;margin:.25rem 0}' +
  '.chart table{border-collapse:collapse;font-size:.875rem}.chart th,.chart td{padding:.125rem .75rem .125rem 0;text-align:start}'

const WIDTH = 640
const HEIGHT = 220
const LEFT = 72
const RIGHT = 12
const TOP = 10
const BOTTOM = 26

const RANGE_WORDS: Record<MetricRange, MessageKey> = {
  day: 'site.metrics.range.day',
  week: 'site.metrics.range.week',
  month: 'site.metrics.range.month',
}

/** About four round steps (1, 2 or 5 times a power of ten) from 0, or from below 0 when a value is. */
export function valueTicks(values: readonly number[]): number[] {
  const low = Math.min(0, ...values)
  const high = Math.max(...values, low + 1e-9)
  const rough = (high - low) / 4
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough) ?? 10 * power
  const ticks: number[] = []
  for (let tick = Math.floor(low / step) * step; tick < high + step; tick += step) {
    ticks.push(Number(tick.toPrecision(12)))
    if (tick >= high) break
  }
  return ticks
}

/** The parts of an instant's wall time in `timeZone` (hour 0 to 23, minute, day of the month). */
function wallTime(timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    day: 'numeric',
  })
  return (seconds: number) => {
    const got = Object.fromEntries(parts.formatToParts(seconds * 1000).map((part) => [part.type, Number(part.value)]))
    return { hour: got.hour, minute: got.minute, day: got.day }
  }
}

/**
 * The instants of the time axis in `timeZone`: on a day's chart every six hours of the wall clock, on a week's
 * every midnight, on a month's every seventh midnight. Found by walking quarter hours, so zones with odd offsets
 * and daylight saving land on their own wall clock.
 */
export function timeTicks(range: MetricRange, from: number, to: number, timeZone: string): number[] {
  const wall = wallTime(timeZone)
  const ticks: number[] = []
  for (let t = Math.ceil(from / 900) * 900; t <= to; t += 900) {
    const { hour, minute } = wall(t)
    if (minute !== 0) continue
    if (range === 'day' ? hour % 6 === 0 : hour === 0) ticks.push(t)
  }
  return range === 'month' ? ticks.filter((_, i) => i % 7 === 0) : ticks
}

function formatters(settings: SiteSettings, decimals: number) {
  const locale = dateLocale(settings.dateFormat ?? DEFAULT_DATE_FORMAT, localeOf(settings))
  const number = new Intl.NumberFormat(localeOf(settings), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  })
  const timeZone = settings.timeZone
  return {
    number: (v: number) => number.format(v),
    hour: new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }),
    day: new Intl.DateTimeFormat(locale, { timeZone, day: 'numeric', month: 'short' }),
  }
}

/** The line through the points, broken where more than two buckets are missing (no data is not a slope). */
function linePath(points: readonly MetricPoint[], x: (t: number) => number, y: (v: number) => number, gap: number) {
  return points
    .map((p, i) => `${i > 0 && p.t - points[i - 1].t <= gap ? 'L' : 'M'}${x(p.t).toFixed(1)} ${y(p.v).toFixed(1)}`)
    .join('')
}

function svg(metric: PublicMetric, data: RangePoints, settings: SiteSettings, label: string, id: string): SafeHtml {
  const from = data.from.getTime() / 1000
  // The range's full span from its first bucket: the axis stays put until a new bucket starts (chartChangesAt).
  const to = from + RANGE_SPANS[data.range].seconds
  const format = formatters(settings, metric.decimals)
  const ticks = valueTicks(data.points.map((p) => p.v))
  const [low, high] = [ticks[0], ticks[ticks.length - 1]]
  const x = (t: number) => LEFT + ((t - from) / (to - from)) * (WIDTH - LEFT - RIGHT)
  const y = (v: number) => HEIGHT - BOTTOM - ((v - low) / (high - low || 1)) * (HEIGHT - TOP - BOTTOM)
  const unit = metric.unit ? ` ${metric.unit}` : ''
  const valueAxis = ticks.map(
    (v) =>
      html`<line class="grid" x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}"/><text x="${LEFT - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${format.number(v)}${unit}</text>`,
  )
  const timeFormat = data.range === 'day' ? format.hour : format.day
  const timeAxis = timeTicks(data.range, from, to, settings.timeZone).map(
    (t) =>
      html`<line class="axis" x1="${x(t).toFixed(1)}" x2="${x(t).toFixed(1)}" y1="${HEIGHT - BOTTOM}" y2="${HEIGHT - BOTTOM + 4}"/><text x="${x(t).toFixed(1)}" y="${HEIGHT - 8}" text-anchor="middle">${timeFormat.format(t * 1000)}</text>`,
  )
  const gap = 2 * data.resolution
  const lone = data.points.filter(
    (p, i, all) => (i === 0 || p.t - all[i - 1].t > gap) && (i === all.length - 1 || all[i + 1].t - p.t > gap),
  )
  return html`<svg role="img" aria-labelledby="${id}-t" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}"><title id="${id}-t">${label}</title>
${valueAxis}
<line class="axis" x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${HEIGHT - BOTTOM}" y2="${HEIGHT - BOTTOM}"/>${timeAxis}
<path class="line" d="${linePath(data.points, x, y, gap)}"/>${lone.map((p) => html`<circle class="dot" cx="${x(p.t).toFixed(1)}" cy="${y(p.v).toFixed(1)}" r="2.5"/>`)}
</svg>`
}

/** The chart's numbers as a table: each point's time in the page's zone and its value with the unit. */
function table(metric: PublicMetric, data: RangePoints, settings: SiteSettings, caption: string): SafeHtml {
  const t = tOf(settings)
  const format = formatters(settings, metric.decimals)
  const unit = metric.unit ? ` ${metric.unit}` : ''
  const locale = localeOf(settings)
  return html`<details><summary>${t('site.metrics.table')}</summary>
<table><caption class="visually-hidden">${caption}</caption><thead><tr><th scope="col">${t('site.metrics.time')}</th><th scope="col">${t('site.metrics.value')}</th></tr></thead>
<tbody>${data.points.map(
    (p) =>
      html`<tr><td><time datetime="${new Date(p.t * 1000).toISOString()}" data-fixed>${formatDateTime(new Date(p.t * 1000).toISOString(), settings.timeZone, settings.dateFormat, locale)}</time></td><td data-value="${p.v}">${format.number(p.v)}${unit}</td></tr>`,
  )}</tbody></table></details>`
}

/** The links to the metric's three ranges, the shown one marked as the current page. */
function rangeLinks(metric: PublicMetric, shown: MetricRange, settings: SiteSettings): SafeHtml {
  const t = tOf(settings)
  return html`<ul class="ranges">${METRIC_RANGES.map(
    (range) =>
      html`<li><a href="/metrics/${metric.slug}/${range}"${range === shown ? raw(' aria-current="page"') : ''}>${t(RANGE_WORDS[range])}<span class="visually-hidden"> ${metric.name}</span></a></li>`,
  )}</ul>`
}

/** One metric's chart over `data.range`, with its heading (`level`), its range links and its table. */
export function metricChart(
  metric: PublicMetric,
  data: RangePoints,
  settings: SiteSettings,
  level: 'h2' | 'h3' = 'h3',
): SafeHtml {
  const t = tOf(settings)
  const id = `metric-${metric.slug}-${data.range}`
  const range = t(RANGE_WORDS[data.range])
  const latest = data.points[data.points.length - 1]
  const format = formatters(settings, metric.decimals)
  const unit = metric.unit ? ` ${metric.unit}` : ''
  const label = latest
    ? t('site.metrics.label', {
        name: metric.name,
        range,
        count: data.points.length,
        latest: `${format.number(latest.v)}${unit}`,
        zone: settings.timeZone,
      })
    : t('site.metrics.empty', { name: metric.name, range })
  const heading =
    level === 'h2' ? html`<h2 id="${id}-h">${metric.name}</h2>` : html`<h3 id="${id}-h">${metric.name}</h3>`
  return html`<figure class="chart" aria-labelledby="${id}-h" data-metric="${metric.slug}" data-range="${data.range}">${heading}
${rangeLinks(metric, data.range, settings)}
${data.points.length ? html`${svg(metric, data, settings, label, id)}${table(metric, data, settings, label)}` : html`<p class="muted">${label}</p>`}
</figure>`
}

/** The charts of several metrics over one range (the metrics of a service, or those of none). */
export function metricCharts(
  charts: readonly { metric: PublicMetric; data: RangePoints }[],
  settings: SiteSettings,
): SafeHtml | null {
  return charts.length ? html`${charts.map(({ metric, data }) => metricChart(metric, data, settings))}` : null
}

/** When a chart of `range` next shows something else by itself: its bucket's end (a new bucket starts). */
export function chartChangesAt(range: MetricRange, now: Date): Date {
  const resolution = RANGE_SPANS[range].resolution * 1000
  return new Date(Math.floor(now.getTime() / resolution) * resolution + resolution)
}
