/**
 * The public pages as HTML strings, from the public read model's shapes (src/public-api/schemas.ts). No data access
 * here: the route handlers read, these render.
 */
import type { FormChannels } from '@/domain/channels'
import { countdownChangesAt, durationParts, estimateChangesAt, estimateDuration } from '@/domain/duration'
import { headlineParts } from '@/domain/overall-status'
import { DEFAULT_LOCALE } from '@/domain/locales'
import { DEFAULT_UPTIME_WINDOW } from '@/domain/page-display'
import type { IncidentStatus, MaintenanceStatus, ServiceStatus } from '@/domain/statuses'
import { dateLocale, formatDateTime, formatTime, formatWeekday, sameDay } from '@/format/dates'
import { html, raw, type SafeHtml } from '@/format/html'
import { type Translate, tOf } from '@/i18n/translate'
import { markdownToHtml, markdownToText } from '@/format/markdown'
import { ResponseClock } from '@/public-api/clock'
import type { SeriesPlace } from '@/public-api/read-model'
import type { Incident, Maintenance, Service, ServiceGroup, StatusSummary } from '@/public-api/schemas'
import type { SetStatus } from '@/public-api/update-statuses'
import type { MetricChartData } from '@/public-api/metrics'
import type { ServiceUptime } from '@/public-api/uptime'
import type { SiteSettings } from '@/settings/site-settings'
import { type Fallback, fallbackOf } from '@/domain/content-language'
import { translator } from '@/i18n/translate'
import { durationText } from '@/i18n/durations'
import { incidentStatusLabel, maintenanceStatusLabel, serviceStatusLabel } from '@/i18n/statuses'

import { renderDocument } from './layout'
import { metricChart, metricCharts } from './metric-charts'
import { homeSubscribeForm } from './subscription-pages'
import { dateLabels, uptimeBars } from './uptime-bars'
import { headlineText, listText, localeOf, NARROW_STATUS_KEYS, repeatsText, tHtml } from './words'

const SERVICE_ICONS: Record<ServiceStatus, string> = {
  operational: '✓',
  maintenance: '⚙',
  degraded: '!',
  partial: '!',
  major: '✕',
}

export function serviceBadge(t: Translate, status: ServiceStatus): SafeHtml {
  const narrow = NARROW_STATUS_KEYS[status]
  const label = narrow
    ? html`<span class="wide-label">${serviceStatusLabel(t, status)}</span><span class="narrow-label">${t(narrow)}</span>`
    : serviceStatusLabel(t, status)
  return html`<span class="badge s-${status}"><span class="icon" aria-hidden="true">${SERVICE_ICONS[status]}</span> ${label}</span>`
}

function incidentBadge(t: Translate, status: IncidentStatus): SafeHtml {
  return html`<span class="badge s-${status}">${incidentStatusLabel(t, status)}</span>`
}

function maintenanceBadge(t: Translate, status: MaintenanceStatus): SafeHtml {
  return html`<span class="badge s-${status}">${maintenanceStatusLabel(t, status)}</span>`
}

/** An update's message: its safe Markdown as sanitised HTML (links clickable, no markup of the writer's own). */
const message = (source: string): SafeHtml => html`<div class="rich message">${raw(markdownToHtml(source))}</div>`

/** The badge after a text shown in another language than the reader's (docs/languages.md, "Content"). */
function untranslated({ reader }: Fallback): SafeHtml {
  const t = translator(reader)
  return html` <span class="badge muted untranslated" lang="${reader}" title="${t('content.untranslatedTitle')}">${t('content.untranslated')}</span>`
}

/** A written text (a title, a name): as it is, or, where it fell back to another language, saying so. */
function written(shape: object, field: string, text: string | SafeHtml): SafeHtml {
  const fallback = fallbackOf(shape, field)
  return fallback ? html`<span lang="${fallback.locale}">${text}</span>${untranslated(fallback)}` : html`${text}`
}

/** An update's message, saying its language where it fell back to another. */
function updateMessage(update: { message: string }): SafeHtml {
  const fallback = fallbackOf(update, 'message')
  if (!fallback) return message(update.message)
  return html`<div class="rich message" lang="${fallback.locale}">${raw(markdownToHtml(update.message))}</div>${untranslated(fallback)}`
}

/** Rich text written in several languages (a description, a postmortem), saying its language where it fell back. */
function writtenRich(shape: object, field: string, htmlText: string): SafeHtml {
  const fallback = fallbackOf(shape, field)
  if (!fallback) return html`<div class="rich">${raw(htmlText)}</div>`
  return html`<div class="rich" lang="${fallback.locale}">${raw(htmlText)}</div>${untranslated(fallback)}`
}

/** How a page prints its times: its zone, date format and language. */
type Clockface = Pick<SiteSettings, 'timeZone' | 'dateFormat' | 'language'>

/**
 * An instant in the configured zone, named; the page's script shows it in the visitor's zone. `ago`: it also says
 * how long ago ("2 hours ago"); `fixed`: it stays in the configured zone (a row labelled with that zone).
 */
function time(iso: string, clockface: Clockface, mode?: 'ago' | 'fixed'): SafeHtml {
  const { timeZone, dateFormat } = clockface
  return html`<time datetime="${iso}"${mode === 'ago' ? raw(' class="ago"') : mode === 'fixed' ? raw(' data-fixed') : ''}>${formatDateTime(iso, timeZone, dateFormat, localeOf(clockface))}</time>`
}

function serviceNames(settings: SiteSettings, services: { name: string }[]): SafeHtml {
  return services.length
    ? html`${listText(
        localeOf(settings),
        services.map((s) => s.name),
      )}`
    : html`<span class="muted">${tOf(settings)('site.card.noneListed')}</span>`
}

export function incidentCard(incident: Incident, settings: SiteSettings, withLatest: boolean): SafeHtml {
  const t = tOf(settings)
  const latest = incident.updates[0]
  const affected = incident.affectedServices.length
    ? tHtml(t, 'site.card.affected', { services: serviceNames(settings, incident.affectedServices) })
    : null
  const when = incident.resolvedAt
    ? tHtml(t, 'site.card.resolved', { time: time(incident.resolvedAt, settings, 'ago') })
    : tHtml(t, 'site.card.started', { time: time(incident.createdAt, settings, 'ago') })
  return html`<li class="card${withLatest ? ' incident' : ''}">
<div class="row"><h3><a href="/i/${incident.shortId}">${written(incident, 'title', incident.title)}</a></h3>${incidentBadge(t, incident.status)}</div>
${withLatest && latest ? html`${updateMessage(latest)}<p class="meta">${tHtml(t, 'site.card.latestUpdate', { time: time(latest.createdAt, settings, 'ago') })}${affected ? html` · ${affected}` : null}</p>` : null}
${!withLatest ? html`<p class="meta">${when}${affected ? html` · ${affected}` : null}</p>` : null}
</li>`
}

/** A window's end: the time alone when it ends on the day it starts (the page's script checks the visitor's zone too). */
function windowEnd(start: string, end: string, clockface: Clockface, mode?: 'fixed'): SafeHtml {
  if (!sameDay(start, end, clockface.timeZone)) return time(end, clockface, mode)
  return html`<time datetime="${end}"${mode === 'fixed' ? raw(' data-fixed') : html` data-same-day="${start}"`}>${formatTime(end, clockface.timeZone, clockface.dateFormat, localeOf(clockface))}</time>`
}

function maintenanceWindow(m: Maintenance, clockface: Clockface, mode?: 'fixed'): SafeHtml {
  const t = tOf(clockface)
  const start = time(m.scheduledStartAt, clockface, mode)
  return m.scheduledEndAt
    ? tHtml(t, 'site.maintenance.window', {
        start,
        end: windowEnd(m.scheduledStartAt, m.scheduledEndAt, clockface, mode),
      })
    : tHtml(t, 'site.maintenance.openEnd', { start })
}

/**
 * A maintenance's duration: what the operator wrote, as written; the estimate of its window (what is stored when
 * the operator wrote nothing: durationToStore) in the page's language.
 */
function maintenanceDuration(m: Maintenance, t: Translate): string {
  const start = new Date(m.scheduledStartAt)
  const end = m.scheduledEndAt ? new Date(m.scheduledEndAt) : null
  if (m.duration === estimateDuration(start, end)) return durationText(t, durationParts(start, end))
  return m.duration === 'until further notice' && !end ? t('site.maintenance.untilFurtherNotice') : m.duration
}

/** "Starts in 2 minutes" for an upcoming window; the response expires when that reads differently. */
function startsIn(m: Maintenance, t: Translate, clock: ResponseClock | undefined): SafeHtml | null {
  if (!clock || m.status !== 'upcoming') return null
  const start = new Date(m.scheduledStartAt)
  if (start.getTime() <= clock.now.getTime())
    return html`<strong class="starts">${t('site.maintenance.startingNow')}</strong> · `
  clock.changesAt(countdownChangesAt(start, clock.now))
  const duration = durationText(t, durationParts(clock.now, start))
  return html`<strong class="starts">${t('site.maintenance.startsIn', { duration })}</strong> · `
}

export function maintenanceCard(
  m: Maintenance,
  settings: SiteSettings,
  clock?: ResponseClock,
  repeats?: string | null,
): SafeHtml {
  const t = tOf(settings)
  // While the window is open, what the operator last said is the news.
  const latest = m.status === 'in_progress' ? m.updates[0] : undefined
  return html`<li class="card${m.status === 'in_progress' ? ' maint-live' : ''}">
<div class="row"><h3><a href="/m/${m.shortId}">${written(m, 'title', m.title)}</a></h3>${maintenanceBadge(t, m.status)}</div>
${latest ? html`<div class="latest">${updateMessage(latest)}<p class="meta">${tHtml(t, 'site.card.latestUpdate', { time: time(latest.createdAt, settings, 'ago') })}</p></div>` : null}
<p class="meta">${startsIn(m, t, clock)}${maintenanceWindow(m, settings)} · ${maintenanceDuration(m, t)}</p>
${repeats ? html`<p class="meta">${repeats}</p>` : null}
${m.affectedServices.length ? html`<p class="meta">${tHtml(t, 'site.card.affected', { services: serviceNames(settings, m.affectedServices) })}</p>` : null}
</li>`
}

/**
 * A series that still repeats is shown once, by the soonest of its maintenances (the list is soonest first) with
 * how it repeats: its occurrences created ahead would otherwise be as many cards of the same work.
 */
function onePerSeries(
  maintenances: Maintenance[],
  series: ReadonlyMap<string, SeriesPlace>,
  settings: SiteSettings,
): { m: Maintenance; repeats: string | null }[] {
  const shown = new Set<string>()
  return maintenances.flatMap((m): { m: Maintenance; repeats: string | null }[] => {
    const place = series.get(m.shortId)
    if (!place?.repeats) return [{ m, repeats: null }]
    if (shown.has(place.origin)) return []
    shown.add(place.origin)
    return [{ m, repeats: repeatsText(tOf(settings), localeOf(settings), place.repeatsParts) }]
  })
}

/** A service's or group's name and description, each saying its language where it fell back to another. */
export function described(shape: { name: string; description: string | null }, href?: string): SafeHtml {
  const name = written(shape, 'name', shape.name)
  const { description } = shape
  return html`<span class="name">${href ? html`<a href="${href}">${name}</a>` : name}${description ? html`<span class="desc">${written(shape, 'description', description)}</span>` : null}</span>`
}

/** "Past 7 days" says "Resolved 2 hours ago" on each card: listed by that time, newest first (not by creation). */
function byResolvedNewestFirst(incidents: Incident[]): Incident[] {
  const at = (i: Incident) => Date.parse(i.resolvedAt ?? i.createdAt)
  return [...incidents].sort((a, b) => at(b) - at(a))
}

/**
 * Above this many services `/` stays light: each group lists its services' names and statuses, and their 90-day bars
 * are on the group's page (/g/<slug>), which the page's script loads into the group when it is opened (a group with
 * a problem is open from the start). At or below it, the bars are on `/` as they always were.
 */
export const INLINE_BARS_MAX_SERVICES = 50

/** Whether `/` shows every service's bars itself (few services) or leaves them to the group pages. */
export function barsInline(serviceCount: number): boolean {
  return serviceCount <= INLINE_BARS_MAX_SERVICES
}

/** A group's services, each with its bars when `uptime` has them; `null`: no bars here, each name links to its page. */
function serviceList(
  services: ServiceGroup['services'],
  uptime: Map<string, ServiceUptime> | null,
  labels: Map<string, string>,
  settings: SiteSettings,
  charts: PageChartsView | null,
): SafeHtml {
  const t = tOf(settings)
  return html`<ul class="services">${services.map((s) => {
    const bars = uptime?.get(s.slug)
    const shown = metricCharts(charts?.byService.get(s.slug) ?? [], settings)
    return bars
      ? html`<li class="has-uptime">${described(s, `/s/${s.slug}`)}${serviceBadge(t, s.status)}${uptimeBars(bars, labels, settings.language)}${shown}</li>`
      : html`<li>${described(s, uptime ? undefined : `/s/${s.slug}`)}${serviceBadge(t, s.status)}${shown}</li>`
  })}</ul>`
}

/** A page's charts (src/public-api/metrics.ts's pageCharts): under their services, and those of no listed service. */
export interface PageChartsView {
  byService: ReadonlyMap<string, MetricChartData[]>
  unattached: MetricChartData[]
}

/** The page's charts as `/` places them: a metric whose service the page does not list joins those of none. */
export function placeCharts(
  charts: { byService: Map<string, MetricChartData[]>; unattached: MetricChartData[] },
  summary: StatusSummary,
): PageChartsView {
  const listed = new Set(summary.serviceGroups.flatMap((g) => g.services.map((s) => s.slug)))
  const byService = new Map([...charts.byService].filter(([slug]) => listed.has(slug)))
  const elsewhere = [...charts.byService].filter(([slug]) => !listed.has(slug)).flatMap(([, list]) => list)
  return { byService, unattached: [...elsewhere, ...charts.unattached] }
}

/** The "Metrics" section: the charts of no service on the page; nothing without them. */
function metricsSection(charts: PageChartsView | null, settings: SiteSettings): SafeHtml | null {
  if (!charts?.unattached.length) return null
  return html`<section aria-labelledby="metrics-h"><h2 id="metrics-h">${tOf(settings)('site.metrics.heading')}</h2>
${metricCharts(charts.unattached, settings)}
</section>`
}

/** The banner: the operator's status message, else the page's own words for the status, else the derived headline. */
export function banner(summary: StatusSummary, settings: SiteSettings): { headline: string; section: SafeHtml } {
  const t = tOf(settings)
  const headline =
    settings.bannerTexts?.[settings.language?.locale ?? DEFAULT_LOCALE]?.[summary.status] ??
    headlineText(
      t,
      headlineParts(
        summary.serviceGroups.flatMap((g) => g.services),
        summary.status,
      ),
    )
  const section = html`<section aria-labelledby="overall" class="banner s-${summary.status}">
<span class="icon" aria-hidden="true">${SERVICE_ICONS[summary.status]}</span>
<div><h1 id="overall">${summary.message ?? headline}</h1>
${summary.message ? html`<p class="sub">${headline}</p>` : null}</div>
</section>`
  return { headline, section }
}

/** `/`'s service groups, each with its services (and their bars, when `uptime` has them). */
function serviceGroups(
  summary: StatusSummary,
  settings: SiteSettings,
  uptime: Map<string, ServiceUptime> | null,
  charts: PageChartsView | null,
): SafeHtml {
  const t = tOf(settings)
  const labels = uptime
    ? dateLabels(uptime.values().next().value, settings.dateFormat, localeOf(settings))
    : new Map<string, string>()
  const groups = summary.serviceGroups.filter((g) => g.services.length > 0)
  // A group with a problem is open; so is a single group, whose collapse would hide every service behind one click.
  const open = (g: ServiceGroup) => g.status !== 'operational' || groups.length === 1
  return html`<section aria-labelledby="services-h"><h2 id="services-h">${t('site.home.services')}</h2>
${groups.length === 0 ? html`<p class="muted">${t('site.home.noServices')}</p>` : null}
${groups.map(
  (
    g,
  ) => html`<details class="group" data-name="${g.slug}"${uptime ? '' : html` data-bars="/g/${g.slug}"`}${open(g) ? raw(' open') : ''}>
<summary>${described(g)}${serviceBadge(t, g.status)}</summary>
${serviceList(g.services, uptime, labels, settings, charts)}
${uptime ? null : html`<p class="group-bars"><a href="/g/${g.slug}">${t('site.home.groupBars', { days: String(settings.uptimeDays ?? DEFAULT_UPTIME_WINDOW) })}<span class="visually-hidden"> ${t('site.home.groupBarsOf', { group: g.name })}</span></a></p>`}
</details>`,
)}
</section>`
}

/**
 * `uptime`: the bars of each service by slug; `null`: the page is too large for them (barsInline), each group links
 * to its page instead; an empty map: no bars at all.
 */
export function homePage(
  summary: StatusSummary,
  recent: Incident[],
  settings: SiteSettings,
  channels: FormChannels,
  uptime: Map<string, ServiceUptime> | null = new Map(),
  clock = new ResponseClock(),
  series: ReadonlyMap<string, SeriesPlace> = new Map(),
  charts: PageChartsView | null = null,
): string {
  const t = tOf(settings)
  // The page's own words for this status replace the derived headline; the custom status message still wins.
  const { headline, section } = banner(summary, settings)

  const active = html`<section aria-labelledby="active-h"><h2 id="active-h">${t('site.home.activeIncidents')}</h2>
${summary.activeIncidents.length ? html`<ul class="plain">${summary.activeIncidents.map((i) => incidentCard(i, settings, true))}</ul>` : html`<p class="muted">${t('site.home.noActiveIncidents')}</p>`}
</section>`

  const maintenances = html`<section aria-labelledby="maint-h"><h2 id="maint-h">${t('site.home.maintenance')}</h2>
${summary.activeMaintenances.length ? html`<ul class="plain">${onePerSeries(summary.activeMaintenances, series, settings).map(({ m, repeats }) => maintenanceCard(m, settings, clock, repeats))}</ul>` : html`<p class="muted">${t('site.home.noMaintenance')}</p>`}
</section>`

  const past = html`<section aria-labelledby="past-h"><h2 id="past-h">${t('site.home.past')}</h2>
${recent.length ? html`<ul class="plain">${byResolvedNewestFirst(recent).map((i) => incidentCard(i, settings, false))}</ul>` : html`<p class="muted">${t('site.home.noPast')}</p>`}
<p><a href="/history">${t('site.historyLink')}</a></p>
</section>`

  // An active incident is the news: it comes before the service list.
  return renderDocument({
    title: headline,
    settings,
    current: 'status',
    status: summary.status,
    refresh: true,
    description: summary.activeIncidents[0]
      ? `${summary.activeIncidents[0].title}: ${markdownToText(summary.activeIncidents[0].updates[0]?.message ?? '')}`
      : summary.message,
    body: html`${section}${active}${maintenances}${serviceGroups(summary, settings, uptime, charts)}${metricsSection(charts, settings)}${past}${homeSubscribeForm(channels, settings)}`,
    charts: Boolean(charts),
  })
}

/**
 * A service's or group's own feeds and calendar (src/site/feed-subject.ts), where a reader looking at it finds them:
 * its page, under a heading that gives the links their purpose (the footer's are the whole page's).
 */
function follow(kind: 'service' | 'group', subject: { name: string; path: string }, settings: SiteSettings): SafeHtml {
  const t = tOf(settings)
  return html`<section aria-labelledby="follow-h"><h2 id="follow-h">${t(kind === 'service' ? 'site.follow.service' : 'site.follow.group')}</h2>
<p>${t('site.follow.text', { name: subject.name })}</p>
<ul class="feed-links">
<li><a href="${subject.path}/feed.atom" type="application/atom+xml">${t('site.footer.atom')}</a></li>
<li><a href="${subject.path}/feed.rss" type="application/rss+xml">${t('site.footer.rss')}</a></li>
<li><a href="${subject.path}/maintenances.ics" type="text/calendar">${t('site.footer.calendar')}</a></li>
</ul></section>`
}

/** `/s/<slug>`: a service's current status, its uptime bars and its recent incidents. */
export function servicePage(
  service: Service,
  /** false: the page shows this service without uptime (src/domain/page-display.ts). */
  uptime: ServiceUptime | undefined | false,
  incidents: Incident[],
  settings: SiteSettings,
  charts: MetricChartData[] = [],
): string {
  const t = tOf(settings)
  const labels = dateLabels(uptime || undefined, settings.dateFormat, localeOf(settings))
  const subject = { name: service.name, path: `/s/${service.slug}` }
  const body = html`<article aria-labelledby="title">
<p class="meta">${t('site.service.kind', { group: service.group.name })}</p>
<h1 id="title">${written(service, 'name', service.name)}</h1>
<div class="card">
<p class="flush">${tHtml(t, 'site.currentStatus', { status: serviceBadge(t, service.status) })}</p>
${service.description ? html`<p>${written(service, 'description', service.description)}</p>` : null}
</div>
${
  uptime === false
    ? null
    : html`<h2>${t('site.service.uptime')}</h2>
${uptime ? html`<div class="card">${uptimeBars(uptime, labels, settings.language)}</div>` : html`<p class="muted">${t('site.service.noHistory')}</p>`}`
}
${charts.length ? html`<h2>${t('site.metrics.heading')}</h2>${metricCharts(charts, settings)}` : null}
<h2>${t('site.service.incidents')}</h2>
${incidents.length ? html`<ul class="plain">${incidents.map((i) => incidentCard(i, settings, false))}</ul>` : html`<p class="muted">${t('site.service.noIncidents')}</p>`}
<p><a href="/history">${t('site.historyLink')}</a></p>
${follow('service', subject, settings)}
</article>`
  return renderDocument({
    title: service.name,
    settings,
    body,
    status: service.status,
    refresh: true,
    subject,
    charts: charts.length > 0,
  })
}

/** `/g/<slug>`: a group's services with their 90-day bars; `/` loads its list into the group when it is opened. */
export function groupPage(group: ServiceGroup, uptime: Map<string, ServiceUptime>, settings: SiteSettings): string {
  const t = tOf(settings)
  const labels = dateLabels(uptime.values().next().value, settings.dateFormat, localeOf(settings))
  const subject = { name: group.name, path: `/g/${group.slug}` }
  const body = html`${backLink(settings)}<article aria-labelledby="title">
<p class="meta">${t('site.group.kind')}</p>
<h1 id="title">${written(group, 'name', group.name)}</h1>
<div class="card">
<p class="flush">${tHtml(t, 'site.currentStatus', { status: serviceBadge(t, group.status) })}</p>
${group.description ? html`<p>${written(group, 'description', group.description)}</p>` : null}
</div>
<h2>${t('site.home.services')}</h2>
<div class="card group-services" id="group-services">${group.services.length ? serviceList(group.services, uptime, labels, settings, null) : html`<p class="muted">${t('site.group.noServices')}</p>`}</div>
${follow('group', subject, settings)}
</article>`
  return renderDocument({ title: group.name, settings, body, status: group.status, refresh: true, subject })
}

/** Above an incident or a maintenance: the way back to the whole picture (the nav's *Status* is hidden on phones). */
function backLink(settings: SiteSettings): SafeHtml {
  // The arrow points back, which is to the right in a right-to-left language.
  const arrow = settings.language?.dir === 'rtl' ? '→ ' : '← '
  return html`<p class="back"><a href="/"><span aria-hidden="true">${arrow}</span>${tOf(settings)('site.back')}</a></p>`
}

/** When the incident began: its first update when that was back-dated before the record was created. */
export function incidentStartedAt(incident: Incident): string {
  const first = incident.updates[incident.updates.length - 1]?.createdAt
  return first && Date.parse(first) < Date.parse(incident.createdAt) ? first : incident.createdAt
}

/** "Set Payments to major outage, Website to degraded performance." under an update that changed them. */
function setStatuses(set: SetStatus[] | undefined, settings: SiteSettings): SafeHtml | null {
  if (!set?.length) return null
  const t = tOf(settings)
  const changes = set.map((s) => t('site.incident.setStatus', { service: s.name, status: s.status }))
  return html`<p class="meta set-statuses">${t('site.incident.setStatuses', { changes: listText(localeOf(settings), changes) })}</p>`
}

/** "Resolved after 2 hours, on …" or "Ongoing for 5 minutes, since …". */
function incidentState(incident: Incident, settings: SiteSettings, clock: ResponseClock): SafeHtml {
  const t = tOf(settings)
  const since = incidentStartedAt(incident)
  if (incident.status !== 'resolved') {
    // "Ongoing for 5 minutes" reads "6 minutes" half a minute later: the page expires then, not at the next write.
    clock.changesAt(estimateChangesAt(new Date(since), clock.now))
    const duration = durationText(t, durationParts(new Date(since), clock.now))
    return tHtml(t, 'site.incident.ongoing', { duration, time: time(since, settings) })
  }
  const end = new Date(incident.resolvedAt ?? incident.updatedAt)
  const duration = durationText(t, durationParts(new Date(since), end))
  return incident.resolvedAt
    ? tHtml(t, 'site.incident.resolvedOn', { duration, time: time(incident.resolvedAt, settings) })
    : tHtml(t, 'site.incident.resolvedAfter', { duration })
}

/** `statuses`: what each update set (newest first, as `incident.updates`). */
/**
 * `follow`: the "Follow this incident" form (src/site/subscription-pages.ts), which the route offers until it
 * resolves. `live`: the page refreshes itself from its address; not the form's refusal, whose address is /subscribe.
 */
export function incidentPage(
  incident: Incident,
  settings: SiteSettings,
  clock = new ResponseClock(),
  statuses: SetStatus[][] = [],
  follow: SafeHtml | null = null,
  live = true,
): string {
  const t = tOf(settings)
  const body = html`${backLink(settings)}<article aria-labelledby="title">
<p class="meta">${t('site.incident.kind')}</p>
<h1 id="title">${written(incident, 'title', incident.title)}</h1>
<div class="card">
<p class="flush">${tHtml(t, 'site.incident.status', { status: incidentBadge(t, incident.status) })}</p>
<p>${incidentState(incident, settings, clock)}</p>
<p class="meta">${tHtml(t, 'site.incident.affected', { services: serviceNames(settings, incident.affectedServices) })}</p>
<p><button type="button" id="copy-link" hidden>${t('site.incident.copyLink')}</button> <span id="copy-result" role="status"></span></p>
</div>
<h2>${t('site.updates')}</h2>
${
  incident.updates.length
    ? html`<ol class="timeline" reversed>${incident.updates.map(
        (u, index) =>
          html`<li><div>${incidentBadge(t, u.status)} <span class="meta">${time(u.createdAt, settings, 'ago')}</span></div>${updateMessage(u)}${setStatuses(statuses[index], settings)}</li>`,
      )}</ol>`
    : html`<p class="muted">${t('site.noUpdates')}</p>`
}
${follow}
${incident.postmortem ? html`<section aria-labelledby="postmortem"><h2 id="postmortem">${t('site.incident.postmortem')}</h2><p class="meta">${tHtml(t, 'site.incident.published', { time: time(incident.postmortem.publishedAt, settings) })}</p>${writtenRich(incident, 'postmortem', incident.postmortem.html)}</section>` : null}
</article>`
  return renderDocument({
    title: incident.title,
    settings,
    body,
    refresh: live,
    description: markdownToText(incident.updates[0]?.message ?? ''),
  })
}

export function maintenancePage(m: Maintenance, settings: SiteSettings): string {
  const t = tOf(settings)
  const body = html`${backLink(settings)}<article aria-labelledby="title">
<p class="meta">${t('site.home.maintenance')}</p>
<h1 id="title">${written(m, 'title', m.title)}</h1>
<div class="card">
<dl class="facts">
<div class="fact"><dt>${t('site.maintenance.status')}</dt><dd>${maintenanceBadge(t, m.status)}</dd></div>
<div class="fact"><dt>${t('site.maintenance.schedule', { zone: settings.timeZone })}</dt><dd>${maintenanceWindow(m, settings, 'fixed')}</dd></div>
<div class="fact" id="local-row" data-zone="${settings.timeZone}" hidden><dt>${t('site.maintenance.yourTime')}<span id="local-zone"></span></dt><dd data-local data-start="${m.scheduledStartAt}" data-end="${m.scheduledEndAt ?? ''}"></dd></div>
<div class="fact"><dt>${t('site.maintenance.duration')}</dt><dd>${maintenanceDuration(m, t)}</dd></div>
<div class="fact"><dt>${t('site.maintenance.affected')}</dt><dd>${serviceNames(settings, m.affectedServices)}</dd></div>
</dl>
</div>
${m.descriptionHtml ? html`<h2>${t('site.maintenance.description')}</h2>${writtenRich(m, 'description', m.descriptionHtml)}` : null}
<h2>${t('site.updates')}</h2>
${m.updates.length ? html`<ol class="timeline" reversed>${m.updates.map((u) => html`<li><span class="meta">${time(u.createdAt, settings, 'ago')}</span>${updateMessage(u)}</li>`)}</ol>` : html`<p class="muted">${t('site.noUpdates')}</p>`}
</article>`
  return renderDocument({
    title: m.title,
    settings,
    body,
    refresh: true,
    description: m.updates[0] ? markdownToText(m.updates[0].message) : m.descriptionText,
  })
}

export interface HistoryData {
  page: number
  lastPage: number
  incidents: Incident[]
  maintenances: Maintenance[]
  /** The services the visitor can filter by, and the one chosen (`?service=<slug>`), if any. */
  services: { slug: string; name: string }[]
  service: { slug: string; name: string } | null
}

type HistoryEntry = { at: string; card: SafeHtml }

/** "November 2026" and "Thursday 26 November" in the site's zone: the headings Statuspage's history groups by. */
function historyGroups(entries: HistoryEntry[], clockface: Clockface): SafeHtml {
  const { timeZone, dateFormat } = clockface
  const locale = localeOf(clockface)
  const monthLocale = locale.startsWith('en') ? 'en-GB' : dateLocale(dateFormat ?? 'day-month', locale)
  const month = new Intl.DateTimeFormat(monthLocale, { timeZone, month: 'long', year: 'numeric' })
  const months: { label: string; days: { label: string; cards: SafeHtml[] }[] }[] = []
  for (const entry of [...entries].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))) {
    const date = new Date(entry.at)
    const monthLabel = month.format(date)
    const dayLabel = formatWeekday(date, timeZone, dateFormat, locale)
    let m = months.at(-1)
    if (m?.label !== monthLabel) months.push((m = { label: monthLabel, days: [] }))
    let d = m.days.at(-1)
    if (d?.label !== dayLabel) m.days.push((d = { label: dayLabel, cards: [] }))
    d.cards.push(entry.card)
  }
  return html`${months.map(
    (m, i) => html`<section class="history-month" aria-labelledby="month-${i}"><h2 id="month-${i}">${m.label}</h2>
${m.days.map((d) => html`<h3 class="history-day">${d.label}</h3><ul class="plain">${d.cards}</ul>`)}
</section>`,
  )}`
}

/** The history's pager: newer, "Page 2 of 5", older (the arrows point the way the language reads). */
function historyPager(page: number, lastPage: number, query: (n: number) => string, t: Translate): SafeHtml {
  return html`<nav class="pager" aria-label="${t('site.history.pages')}"><ul>
<li>${page > 1 ? html`<a href="${query(page - 1)}" rel="prev">${t('site.history.newer')}</a>` : null}</li>
<li class="muted">${t('site.history.page', { page, lastPage })}</li>
<li>${page < lastPage ? html`<a href="${query(page + 1)}" rel="next">${t('site.history.older')}</a>` : null}</li>
</ul></nav>`
}

/** The history's words: its heading, its title, and what it says when there is nothing to list. */
function historyWords(t: Translate, page: number, service: { name: string } | null) {
  const name = service?.name ?? ''
  return {
    heading: service ? t('site.history.headingOf', { service: name }) : t('site.history.heading'),
    title:
      page > 1
        ? service
          ? t('site.history.titleOfPage', { service: name, page })
          : t('site.history.titlePage', { page })
        : service
          ? t('site.history.headingOf', { service: name })
          : t('site.history.heading'),
    empty:
      page > 1
        ? service
          ? t('site.history.noneOfOnPage', { service: name })
          : t('site.history.noneOnPage')
        : service
          ? t('site.history.noneOf', { service: name })
          : t('site.history.none'),
  }
}

/**
 * `/history`: incidents (by when they began) and maintenances (by their start) of the page, grouped by month and
 * day like Statuspage's history, optionally of one service.
 */
export function historyPage(
  { page, lastPage, incidents, maintenances, services, service }: HistoryData,
  settings: SiteSettings,
): string {
  const t = tOf(settings)
  const query = (n: number) => {
    const params = new URLSearchParams()
    if (service) params.set('service', service.slug)
    if (n > 1) params.set('page', String(n))
    const text = params.toString()
    return `/history${text ? `?${text}` : ''}`
  }
  const filter = services.length
    ? html`<form method="get" action="/history" class="inline-form history-filter">
<label for="history-service">${t('site.history.service')}</label>
<select id="history-service" name="service"><option value="">${t('site.history.allServices')}</option>${services.map(
        (s) => html`<option value="${s.slug}"${s.slug === service?.slug ? raw(' selected') : ''}>${s.name}</option>`,
      )}</select>
<button type="submit">${t('site.history.show')}</button>
</form>`
    : null
  const entries: HistoryEntry[] = [
    ...incidents.map((i) => ({ at: incidentStartedAt(i), card: incidentCard(i, settings, false) })),
    ...maintenances.map((m) => ({ at: m.scheduledStartAt, card: maintenanceCard(m, settings) })),
  ]
  const words = historyWords(t, page, service)
  const body = html`<h1>${words.heading}</h1>
${filter}
${entries.length ? historyGroups(entries, settings) : html`<p class="muted">${words.empty}</p>`}
${historyPager(page, lastPage, query, t)}`
  return renderDocument({ title: words.title, settings, current: 'history', body, refresh: true })
}

/** What a 404 says was not found: the kinds the public routes name (src/app/(site)), else "page". */
const NOT_FOUND_KINDS = new Set(['incident', 'maintenance', 'service', 'service group'])

export function notFoundPage(settings: SiteSettings, what = 'page'): string {
  const t = tOf(settings)
  const kind = NOT_FOUND_KINDS.has(what) ? what.replace(' ', '_') : 'page'
  return renderDocument({
    title: t('site.notFound.title'),
    settings,
    body: html`<h1>${t('site.notFound.title')}</h1><p>${t('site.notFound.text', { what: kind })}</p><p><a href="/">${t('site.notFound.home')}</a></p>`,
  })
}

export function errorPage(settings: SiteSettings): string {
  const t = tOf(settings)
  return renderDocument({
    title: t('site.error.title'),
    settings,
    body: html`<h1>${t('site.error.title')}</h1><p>${t('site.error.text')}</p>`,
  })
}

/** `/metrics/<slug>/<range>`: one metric's chart over a day, a week or a month, with its table. */
export function metricPage(chart: MetricChartData, settings: SiteSettings): string {
  const t = tOf(settings)
  const service = chart.metric.service
  const body = html`<article aria-labelledby="metric-${chart.metric.slug}-${chart.data.range}-h">
${service ? html`<p class="meta"><a href="/s/${service}">${t('site.metrics.ofService')}</a></p>` : null}
${metricChart(chart.metric, chart.data, settings, 'h2')}
<p><a href="/">${t('site.metrics.back')}</a></p>
</article>`
  return renderDocument({ title: chart.metric.name, settings, body, refresh: true, charts: true })
}
