/**
 * The public pages as HTML strings, from the public read model's shapes (src/public-api/schemas.ts). No data access
 * here: the route handlers read, these render.
 */
import type { FormChannels } from '@/domain/channels'
import { countdownChangesAt, estimateChangesAt, estimateDuration } from '@/domain/duration'
import { overallHeadline, statusWords } from '@/domain/overall-status'
import {
  INCIDENT_STATUS_LABELS,
  MAINTENANCE_STATUS_LABELS,
  SERVICE_STATUS_LABELS,
  type IncidentStatus,
  type MaintenanceStatus,
  type ServiceStatus,
} from '@/domain/statuses'
import { formatDateTime, formatTime, formatWeekday, lengthBetween, sameDay } from '@/format/dates'
import { html, raw, type SafeHtml } from '@/format/html'
import { markdownToHtml, markdownToText } from '@/format/markdown'
import { ResponseClock } from '@/public-api/clock'
import type { SeriesPlace } from '@/public-api/read-model'
import type { Incident, Maintenance, Service, ServiceGroup, StatusSummary } from '@/public-api/schemas'
import type { SetStatus } from '@/public-api/update-statuses'
import type { ServiceUptime } from '@/public-api/uptime'
import type { SiteSettings } from '@/settings/site-settings'
import { type Fallback, fallbackOf } from '@/domain/content-language'
import { translator } from '@/i18n/translate'

import { renderDocument } from './layout'
import { homeSubscribeForm } from './subscription-pages'
import { dateLabels, uptimeBars } from './uptime-bars'

const SERVICE_ICONS: Record<ServiceStatus, string> = {
  operational: '✓',
  maintenance: '⚙',
  degraded: '!',
  partial: '!',
  major: '✕',
}

/** Shorter words for a phone's width, where the long label would squeeze the service's name. */
const NARROW_LABELS: Partial<Record<ServiceStatus, string>> = { maintenance: 'Maintenance', degraded: 'Degraded' }

function serviceBadge(status: ServiceStatus): SafeHtml {
  const narrow = NARROW_LABELS[status]
  const label = narrow
    ? html`<span class="wide-label">${SERVICE_STATUS_LABELS[status]}</span><span class="narrow-label">${narrow}</span>`
    : SERVICE_STATUS_LABELS[status]
  return html`<span class="badge s-${status}"><span class="icon" aria-hidden="true">${SERVICE_ICONS[status]}</span> ${label}</span>`
}

function incidentBadge(status: IncidentStatus): SafeHtml {
  return html`<span class="badge s-${status}">${INCIDENT_STATUS_LABELS[status]}</span>`
}

function maintenanceBadge(status: MaintenanceStatus): SafeHtml {
  return html`<span class="badge s-${status}">${MAINTENANCE_STATUS_LABELS[status]}</span>`
}

/**
 * An instant in the configured zone, named; the page's script shows it in the visitor's zone. `ago`: it also says
 * how long ago ("2 hours ago"); `fixed`: it stays in the configured zone (a row labelled with that zone).
 */
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

/** How a page prints its times: its zone and date format. */
type Clockface = Pick<SiteSettings, 'timeZone' | 'dateFormat'>

function time(iso: string, { timeZone, dateFormat }: Clockface, mode?: 'ago' | 'fixed'): SafeHtml {
  return html`<time datetime="${iso}"${mode === 'ago' ? raw(' class="ago"') : mode === 'fixed' ? raw(' data-fixed') : ''}>${formatDateTime(iso, timeZone, dateFormat)}</time>`
}

function serviceNames(services: { name: string }[]): SafeHtml {
  return services.length
    ? html`${services.map((s) => s.name).join(', ')}`
    : html`<span class="muted">None listed</span>`
}

function incidentCard(incident: Incident, settings: SiteSettings, withLatest: boolean): SafeHtml {
  const latest = incident.updates[0]
  const affected = incident.affectedServices.length ? html`Affected: ${serviceNames(incident.affectedServices)}` : null
  return html`<li class="card${withLatest ? ' incident' : ''}">
<div class="row"><h3><a href="/i/${incident.shortId}">${written(incident, 'title', incident.title)}</a></h3>${incidentBadge(incident.status)}</div>
${withLatest && latest ? html`${updateMessage(latest)}<p class="meta">Latest update ${time(latest.createdAt, settings, 'ago')}${affected ? html` · ${affected}` : null}</p>` : null}
${!withLatest ? html`<p class="meta">${incident.resolvedAt ? html`Resolved ${time(incident.resolvedAt, settings, 'ago')}` : html`Started ${time(incident.createdAt, settings, 'ago')}`}${affected ? html` · ${affected}` : null}</p>` : null}
</li>`
}

/** A window's end: the time alone when it ends on the day it starts (the page's script checks the visitor's zone too). */
function windowEnd(start: string, end: string, clockface: Clockface, mode?: 'fixed'): SafeHtml {
  if (!sameDay(start, end, clockface.timeZone)) return time(end, clockface, mode)
  return html`<time datetime="${end}"${mode === 'fixed' ? raw(' data-fixed') : html` data-same-day="${start}"`}>${formatTime(end, clockface.timeZone, clockface.dateFormat)}</time>`
}

function maintenanceWindow(m: Maintenance, clockface: Clockface, mode?: 'fixed'): SafeHtml {
  return m.scheduledEndAt
    ? html`${time(m.scheduledStartAt, clockface, mode)} to ${windowEnd(m.scheduledStartAt, m.scheduledEndAt, clockface, mode)}`
    : html`From ${time(m.scheduledStartAt, clockface, mode)}, open end`
}

/** "Starts in 2 minutes" for an upcoming window; the response expires when that reads differently. */
function startsIn(m: Maintenance, clock: ResponseClock | undefined): SafeHtml | null {
  if (!clock || m.status !== 'upcoming') return null
  const start = new Date(m.scheduledStartAt)
  if (start.getTime() <= clock.now.getTime()) return html`<strong class="starts">Starting now</strong> · `
  clock.changesAt(countdownChangesAt(start, clock.now))
  return html`<strong class="starts">Starts in ${estimateDuration(clock.now, start) ?? 'less than a minute'}</strong> · `
}

function maintenanceCard(
  m: Maintenance,
  settings: SiteSettings,
  clock?: ResponseClock,
  repeats?: string | null,
): SafeHtml {
  // While the window is open, what the operator last said is the news.
  const latest = m.status === 'in_progress' ? m.updates[0] : undefined
  return html`<li class="card${m.status === 'in_progress' ? ' maint-live' : ''}">
<div class="row"><h3><a href="/m/${m.shortId}">${written(m, 'title', m.title)}</a></h3>${maintenanceBadge(m.status)}</div>
${latest ? html`<div class="latest">${updateMessage(latest)}<p class="meta">Latest update ${time(latest.createdAt, settings, 'ago')}</p></div>` : null}
<p class="meta">${startsIn(m, clock)}${maintenanceWindow(m, settings)} · ${m.duration}</p>
${repeats ? html`<p class="meta">${repeats[0].toUpperCase()}${repeats.slice(1)}</p>` : null}
${m.affectedServices.length ? html`<p class="meta">Affected: ${serviceNames(m.affectedServices)}</p>` : null}
</li>`
}

/**
 * A series that still repeats is shown once, by the soonest of its maintenances (the list is soonest first) with
 * how it repeats: its occurrences created ahead would otherwise be as many cards of the same work.
 */
function onePerSeries(
  maintenances: Maintenance[],
  series: ReadonlyMap<string, SeriesPlace>,
): { m: Maintenance; repeats: string | null }[] {
  const shown = new Set<string>()
  return maintenances.flatMap((m): { m: Maintenance; repeats: string | null }[] => {
    const place = series.get(m.shortId)
    if (!place?.repeats) return [{ m, repeats: null }]
    if (shown.has(place.origin)) return []
    shown.add(place.origin)
    return [{ m, repeats: place.repeats }]
  })
}

/** A service's or group's name and description, each saying its language where it fell back to another. */
function described(shape: { name: string; description: string | null }, href?: string): SafeHtml {
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
): SafeHtml {
  return html`<ul class="services">${services.map((s) => {
    const bars = uptime?.get(s.slug)
    return bars
      ? html`<li class="has-uptime">${described(s, `/s/${s.slug}`)}${serviceBadge(s.status)}${uptimeBars(bars, labels)}</li>`
      : html`<li>${described(s, uptime ? undefined : `/s/${s.slug}`)}${serviceBadge(s.status)}</li>`
  })}</ul>`
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
): string {
  const labels = uptime ? dateLabels(uptime.values().next().value, settings.dateFormat) : new Map<string, string>()
  // The page's own words for this status replace the derived headline; the custom status message still wins.
  const headline =
    settings.bannerTexts?.[summary.status] ??
    overallHeadline(
      summary.serviceGroups.flatMap((g) => g.services),
      summary.status,
    )
  const banner = html`<section aria-labelledby="overall" class="banner s-${summary.status}">
<span class="icon" aria-hidden="true">${SERVICE_ICONS[summary.status]}</span>
<div><h1 id="overall">${summary.message ?? headline}</h1>
${summary.message ? html`<p class="sub">${headline}</p>` : null}</div>
</section>`

  const groups = summary.serviceGroups.filter((g) => g.services.length > 0)
  // A group with a problem is open; so is a single group, whose collapse would hide every service behind one click.
  const open = (g: ServiceGroup) => g.status !== 'operational' || groups.length === 1
  const services = html`<section aria-labelledby="services-h"><h2 id="services-h">Services</h2>
${groups.length === 0 ? html`<p class="muted">No services are listed yet.</p>` : null}
${groups.map(
  (
    g,
  ) => html`<details class="group" data-name="${g.slug}"${uptime ? '' : html` data-bars="/g/${g.slug}"`}${open(g) ? raw(' open') : ''}>
<summary>${described(g)}${serviceBadge(g.status)}</summary>
${serviceList(g.services, uptime, labels)}
${uptime ? null : html`<p class="group-bars"><a href="/g/${g.slug}">Uptime over 90 days<span class="visually-hidden"> of ${g.name}</span></a></p>`}
</details>`,
)}
</section>`

  const active = html`<section aria-labelledby="active-h"><h2 id="active-h">Active incidents</h2>
${summary.activeIncidents.length ? html`<ul class="plain">${summary.activeIncidents.map((i) => incidentCard(i, settings, true))}</ul>` : html`<p class="muted">No active incidents.</p>`}
</section>`

  const maintenances = html`<section aria-labelledby="maint-h"><h2 id="maint-h">Scheduled maintenance</h2>
${summary.activeMaintenances.length ? html`<ul class="plain">${onePerSeries(summary.activeMaintenances, series).map(({ m, repeats }) => maintenanceCard(m, settings, clock, repeats))}</ul>` : html`<p class="muted">No maintenance is scheduled.</p>`}
</section>`

  const past = html`<section aria-labelledby="past-h"><h2 id="past-h">Past 7 days</h2>
${recent.length ? html`<ul class="plain">${byResolvedNewestFirst(recent).map((i) => incidentCard(i, settings, false))}</ul>` : html`<p class="muted">No incidents in the past 7 days.</p>`}
<p><a href="/history">Incident and maintenance history</a></p>
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
    body: html`${banner}${active}${maintenances}${services}${past}${homeSubscribeForm(channels)}`,
  })
}

/** `/s/<slug>`: a service's current status, its uptime bars and its recent incidents. */
export function servicePage(
  service: Service,
  uptime: ServiceUptime | undefined,
  incidents: Incident[],
  settings: SiteSettings,
): string {
  const body = html`<article aria-labelledby="title">
<p class="meta">Service · ${service.group.name}</p>
<h1 id="title">${written(service, 'name', service.name)}</h1>
<div class="card">
<p class="flush">Current status: ${serviceBadge(service.status)}</p>
${service.description ? html`<p>${written(service, 'description', service.description)}</p>` : null}
</div>
<h2>Uptime</h2>
${uptime ? html`<div class="card">${uptimeBars(uptime, dateLabels(uptime, settings.dateFormat))}</div>` : html`<p class="muted">No history yet.</p>`}
<h2>Incidents</h2>
${incidents.length ? html`<ul class="plain">${incidents.map((i) => incidentCard(i, settings, false))}</ul>` : html`<p class="muted">No incidents have affected this service.</p>`}
<p><a href="/history">Incident and maintenance history</a></p>
</article>`
  return renderDocument({ title: service.name, settings, body, status: service.status, refresh: true })
}

/** `/g/<slug>`: a group's services with their 90-day bars; `/` loads its list into the group when it is opened. */
export function groupPage(group: ServiceGroup, uptime: Map<string, ServiceUptime>, settings: SiteSettings): string {
  const body = html`${backLink}<article aria-labelledby="title">
<p class="meta">Service group</p>
<h1 id="title">${written(group, 'name', group.name)}</h1>
<div class="card">
<p class="flush">Current status: ${serviceBadge(group.status)}</p>
${group.description ? html`<p>${written(group, 'description', group.description)}</p>` : null}
</div>
<h2>Services</h2>
<div class="card group-services" id="group-services">${group.services.length ? serviceList(group.services, uptime, dateLabels(uptime.values().next().value, settings.dateFormat)) : html`<p class="muted">No services are listed in this group.</p>`}</div>
</article>`
  return renderDocument({ title: group.name, settings, body, status: group.status, refresh: true })
}

/** Above an incident or a maintenance: the way back to the whole picture (the nav's *Status* is hidden on phones). */
const backLink = html`<p class="back"><a href="/"><span aria-hidden="true">← </span>Current status</a></p>`

/** When the incident began: its first update when that was back-dated before the record was created. */
export function incidentStartedAt(incident: Incident): string {
  const first = incident.updates[incident.updates.length - 1]?.createdAt
  return first && Date.parse(first) < Date.parse(incident.createdAt) ? first : incident.createdAt
}

/** "Set Payments to major outage, Website to degraded performance." under an update that changed them. */
function setStatuses(set: SetStatus[] | undefined): SafeHtml | null {
  if (!set?.length) return null
  return html`<p class="meta set-statuses">Set ${set.map((s) => `${s.name} to ${statusWords(s.status)}`).join(', ')}.</p>`
}

/** `statuses`: what each update set (newest first, as `incident.updates`). */
export function incidentPage(
  incident: Incident,
  settings: SiteSettings,
  clock = new ResponseClock(),
  statuses: SetStatus[][] = [],
): string {
  const resolved = incident.status === 'resolved'
  const since = incidentStartedAt(incident)
  // "Ongoing for 5 minutes" reads "6 minutes" half a minute later: the page expires then, not at the next write.
  if (!resolved) clock.changesAt(estimateChangesAt(new Date(since), clock.now))
  const state = resolved
    ? html`Resolved after ${lengthBetween(since, incident.resolvedAt ?? incident.updatedAt)}${incident.resolvedAt ? html`, on ${time(incident.resolvedAt, settings)}` : null}.`
    : html`Ongoing for ${lengthBetween(since, clock.now)}, since ${time(since, settings)}.`
  const body = html`${backLink}<article aria-labelledby="title">
<p class="meta">Incident</p>
<h1 id="title">${written(incident, 'title', incident.title)}</h1>
<div class="card">
<p class="flush">Status: ${incidentBadge(incident.status)}</p>
<p>${state}</p>
<p class="meta">Affected services: ${serviceNames(incident.affectedServices)}</p>
<p><button type="button" id="copy-link" hidden>Copy link</button> <span id="copy-result" role="status"></span></p>
</div>
<h2>Updates</h2>
${
  incident.updates.length
    ? html`<ol class="timeline" reversed>${incident.updates.map(
        (u, index) =>
          html`<li><div>${incidentBadge(u.status)} <span class="meta">${time(u.createdAt, settings, 'ago')}</span></div>${updateMessage(u)}${setStatuses(statuses[index])}</li>`,
      )}</ol>`
    : html`<p class="muted">No updates yet.</p>`
}
${incident.postmortem ? html`<section aria-labelledby="postmortem"><h2 id="postmortem">Postmortem</h2><p class="meta">Published ${time(incident.postmortem.publishedAt, settings)}</p>${writtenRich(incident, 'postmortem', incident.postmortem.html)}</section>` : null}
</article>`
  return renderDocument({
    title: incident.title,
    settings,
    body,
    refresh: true,
    description: markdownToText(incident.updates[0]?.message ?? ''),
  })
}

export function maintenancePage(m: Maintenance, settings: SiteSettings): string {
  const body = html`${backLink}<article aria-labelledby="title">
<p class="meta">Scheduled maintenance</p>
<h1 id="title">${written(m, 'title', m.title)}</h1>
<div class="card">
<dl class="facts">
<div class="fact"><dt>Status</dt><dd>${maintenanceBadge(m.status)}</dd></div>
<div class="fact"><dt>Schedule (${settings.timeZone})</dt><dd>${maintenanceWindow(m, settings, 'fixed')}</dd></div>
<div class="fact" id="local-row" data-zone="${settings.timeZone}" hidden><dt>Your time<span id="local-zone"></span></dt><dd data-local data-start="${m.scheduledStartAt}" data-end="${m.scheduledEndAt ?? ''}"></dd></div>
<div class="fact"><dt>Duration</dt><dd>${m.duration}</dd></div>
<div class="fact"><dt>Affected services</dt><dd>${serviceNames(m.affectedServices)}</dd></div>
</dl>
</div>
${m.descriptionHtml ? html`<h2>Description</h2>${writtenRich(m, 'description', m.descriptionHtml)}` : null}
<h2>Updates</h2>
${m.updates.length ? html`<ol class="timeline" reversed>${m.updates.map((u) => html`<li><span class="meta">${time(u.createdAt, settings, 'ago')}</span>${updateMessage(u)}</li>`)}</ol>` : html`<p class="muted">No updates yet.</p>`}
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
function historyGroups(entries: HistoryEntry[], { timeZone, dateFormat }: Clockface): SafeHtml {
  const month = new Intl.DateTimeFormat('en-GB', { timeZone, month: 'long', year: 'numeric' })
  const months: { label: string; days: { label: string; cards: SafeHtml[] }[] }[] = []
  for (const entry of [...entries].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))) {
    const date = new Date(entry.at)
    const monthLabel = month.format(date)
    const dayLabel = formatWeekday(date, timeZone, dateFormat)
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

/**
 * `/history`: incidents (by when they began) and maintenances (by their start) of the page, grouped by month and
 * day like Statuspage's history, optionally of one service.
 */
export function historyPage(
  { page, lastPage, incidents, maintenances, services, service }: HistoryData,
  settings: SiteSettings,
): string {
  const query = (n: number) => {
    const params = new URLSearchParams()
    if (service) params.set('service', service.slug)
    if (n > 1) params.set('page', String(n))
    const text = params.toString()
    return `/history${text ? `?${text}` : ''}`
  }
  const pager = html`<nav class="pager" aria-label="History pages"><ul>
<li>${page > 1 ? html`<a href="${query(page - 1)}" rel="prev">← Newer</a>` : null}</li>
<li class="muted">Page ${page} of ${lastPage}</li>
<li>${page < lastPage ? html`<a href="${query(page + 1)}" rel="next">Older →</a>` : null}</li>
</ul></nav>`
  const filter = services.length
    ? html`<form method="get" action="/history" class="inline-form history-filter">
<label for="history-service">Service</label>
<select id="history-service" name="service"><option value="">All services</option>${services.map(
        (s) => html`<option value="${s.slug}"${s.slug === service?.slug ? raw(' selected') : ''}>${s.name}</option>`,
      )}</select>
<button type="submit">Show</button>
</form>`
    : null
  const entries: HistoryEntry[] = [
    ...incidents.map((i) => ({ at: incidentStartedAt(i), card: incidentCard(i, settings, false) })),
    ...maintenances.map((m) => ({ at: m.scheduledStartAt, card: maintenanceCard(m, settings) })),
  ]
  const what = service ? html` affecting ${service.name}` : null
  const body = html`<h1>History${service ? html` of ${service.name}` : null}</h1>
${filter}
${entries.length ? historyGroups(entries, settings) : html`<p class="muted">No incidents or maintenances${what}${page > 1 ? ' on this page' : ' have been recorded'}.</p>`}
${pager}`
  const title = `History${service ? ` of ${service.name}` : ''}${page > 1 ? `, page ${page}` : ''}`
  return renderDocument({ title, settings, current: 'history', body, refresh: true })
}

export function notFoundPage(settings: SiteSettings, what = 'page'): string {
  return renderDocument({
    title: 'Not found',
    settings,
    body: html`<h1>Not found</h1><p>No ${what} was found at this address. It may have been removed, or the link may be mistyped.</p><p><a href="/">Go to the current status</a></p>`,
  })
}

export function errorPage(settings: SiteSettings): string {
  return renderDocument({
    title: 'Temporarily unavailable',
    settings,
    body: html`<h1>Temporarily unavailable</h1><p>The status could not be read just now. Please try again shortly.</p>`,
  })
}
