/**
 * The public pages as HTML strings, from the public read model's shapes (src/public-api/schemas.ts). No data access
 * here: the route handlers read, these render.
 */
import { estimateChangesAt } from '../domain/duration'
import {
  INCIDENT_STATUS_LABELS,
  MAINTENANCE_STATUS_LABELS,
  SERVICE_STATUS_LABELS,
  type IncidentStatus,
  type MaintenanceStatus,
  type ServiceStatus,
} from '../domain/statuses'
import type { Channels } from '../notify/channels'
import { ResponseClock } from '../public-api/clock'
import type { Incident, Maintenance, StatusSummary } from '../public-api/schemas'

import type { SiteSettings } from './data'
import { formatDateTime, lengthBetween } from './format'
import { html, raw, type SafeHtml } from './html'
import { renderDocument } from './layout'
import { homeSubscribeForm } from './subscription-pages'

const SERVICE_ICONS: Record<ServiceStatus, string> = { operational: '✓', maintenance: '⚙', degraded: '!', partial: '!', major: '✕' }

export const OVERALL_HEADLINES: Record<ServiceStatus, string> = {
  operational: 'All systems operational',
  maintenance: 'Maintenance in progress',
  degraded: 'Some systems are degraded',
  partial: 'Partial outage',
  major: 'Major outage',
}

function serviceBadge(status: ServiceStatus): SafeHtml {
  return html`<span class="badge s-${status}"><span class="icon" aria-hidden="true">${SERVICE_ICONS[status]}</span> ${SERVICE_STATUS_LABELS[status]}</span>`
}

function incidentBadge(status: IncidentStatus): SafeHtml {
  return html`<span class="badge s-${status}">${INCIDENT_STATUS_LABELS[status]}</span>`
}

function maintenanceBadge(status: MaintenanceStatus): SafeHtml {
  return html`<span class="badge s-${status}">${MAINTENANCE_STATUS_LABELS[status]}</span>`
}

function time(iso: string, timeZone: string): SafeHtml {
  return html`<time datetime="${iso}">${formatDateTime(iso, timeZone)}</time>`
}

function serviceNames(services: { name: string }[]): SafeHtml {
  return services.length ? html`${services.map((s) => s.name).join(', ')}` : html`<span class="muted">None listed</span>`
}

function incidentCard(incident: Incident, settings: SiteSettings, withLatest: boolean): SafeHtml {
  const latest = incident.updates[0]
  return html`<li class="card">
<div class="row"><h3><a href="/i/${incident.shortId}">${incident.title}</a></h3>${incidentBadge(incident.status)}</div>
${withLatest && latest ? html`<p>${latest.message}</p><p class="meta">Latest update ${time(latest.createdAt, settings.timeZone)}</p>` : null}
${!withLatest ? html`<p class="meta">${incident.resolvedAt ? html`Resolved ${time(incident.resolvedAt, settings.timeZone)}` : html`Started ${time(incident.createdAt, settings.timeZone)}`}${incident.affectedServices.length ? html` · Affected: ${serviceNames(incident.affectedServices)}` : null}</p>` : null}
</li>`
}

function maintenanceWindow(m: Maintenance, timeZone: string): SafeHtml {
  return m.scheduledEndAt
    ? html`${time(m.scheduledStartAt, timeZone)} to ${time(m.scheduledEndAt, timeZone)}`
    : html`From ${time(m.scheduledStartAt, timeZone)}, open end`
}

function maintenanceCard(m: Maintenance, settings: SiteSettings): SafeHtml {
  return html`<li class="card">
<div class="row"><h3><a href="/m/${m.shortId}">${m.title}</a></h3>${maintenanceBadge(m.status)}</div>
<p class="meta">${maintenanceWindow(m, settings.timeZone)} · ${m.duration}</p>
${m.affectedServices.length ? html`<p class="meta">Affected: ${serviceNames(m.affectedServices)}</p>` : null}
</li>`
}

export function homePage(summary: StatusSummary, recent: Incident[], settings: SiteSettings, channels: Channels): string {
  const headline = OVERALL_HEADLINES[summary.status]
  const banner = html`<section aria-labelledby="overall" class="banner s-${summary.status}">
<span class="icon" aria-hidden="true">${SERVICE_ICONS[summary.status]}</span>
<div><h1 id="overall" style="margin:0;font-size:inherit">${summary.message ?? headline}</h1>
${summary.message ? html`<p class="sub">Overall status: ${SERVICE_STATUS_LABELS[summary.status]}</p>` : null}</div>
</section>`

  const groups = summary.serviceGroups.filter((g) => g.services.length > 0)
  const services = html`<section aria-labelledby="services-h"><h2 id="services-h">Services</h2>
${groups.length === 0 ? html`<p class="muted">No services are listed yet.</p>` : null}
${groups.map(
  (g) => html`<details class="group"${g.status !== 'operational' ? raw(' open') : ''}>
<summary><span class="name">${g.name}</span>${serviceBadge(g.status)}</summary>
<ul class="services">${g.services.map((s) => html`<li><span>${s.name}</span>${serviceBadge(s.status)}</li>`)}</ul>
</details>`,
)}
</section>`

  const active = html`<section aria-labelledby="active-h"><h2 id="active-h">Active incidents</h2>
${summary.activeIncidents.length ? html`<ul class="plain">${summary.activeIncidents.map((i) => incidentCard(i, settings, true))}</ul>` : html`<p class="muted">No active incidents.</p>`}
</section>`

  const maintenances = html`<section aria-labelledby="maint-h"><h2 id="maint-h">Scheduled maintenance</h2>
${summary.activeMaintenances.length ? html`<ul class="plain">${summary.activeMaintenances.map((m) => maintenanceCard(m, settings))}</ul>` : html`<p class="muted">No maintenance is scheduled.</p>`}
</section>`

  const past = html`<section aria-labelledby="past-h"><h2 id="past-h">Past 7 days</h2>
${recent.length ? html`<ul class="plain">${recent.map((i) => incidentCard(i, settings, false))}</ul>` : html`<p class="muted">No incidents in the past 7 days.</p>`}
<p><a href="/history">Incident and maintenance history</a></p>
</section>`

  return renderDocument({ title: settings.siteName, settings, current: 'status', body: html`${banner}${services}${active}${maintenances}${past}${homeSubscribeForm(channels)}` })
}

export const COPY_LINK = `(function(){var b=document.getElementById('copy-link'),o=document.getElementById('copy-result');if(!b)return;b.hidden=false;
b.addEventListener('click',function(){var u=location.href.split('#')[0];function done(t){o.textContent=t}
if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(u).then(function(){done('Link copied.')},function(){done('Copy failed: '+u)})}else{done('Copy this link: '+u)}})})();`

/** When the incident began: its first update when that was back-dated before the record was created. */
export function incidentStartedAt(incident: Incident): string {
  const first = incident.updates[incident.updates.length - 1]?.createdAt
  return first && Date.parse(first) < Date.parse(incident.createdAt) ? first : incident.createdAt
}

export function incidentPage(incident: Incident, settings: SiteSettings, clock = new ResponseClock()): string {
  const resolved = incident.status === 'resolved'
  const since = incidentStartedAt(incident)
  // "Ongoing for 5 minutes" reads "6 minutes" half a minute later: the page expires then, not at the next write.
  if (!resolved) clock.changesAt(estimateChangesAt(new Date(since), clock.now))
  const state = resolved
    ? html`Resolved after ${lengthBetween(since, incident.resolvedAt ?? incident.updatedAt)}${incident.resolvedAt ? html`, on ${time(incident.resolvedAt, settings.timeZone)}` : null}.`
    : html`Ongoing for ${lengthBetween(since, clock.now)}, since ${time(since, settings.timeZone)}.`
  const body = html`<article aria-labelledby="title">
<p class="meta">Incident</p>
<h1 id="title">${incident.title}</h1>
<div class="card">
<p style="margin-top:0"><strong>${resolved ? 'Resolved' : 'Ongoing'}</strong> · Current status: ${incidentBadge(incident.status)}</p>
<p>${state}</p>
<p class="meta" style="margin-bottom:0">Affected services: ${serviceNames(incident.affectedServices)}</p>
<p style="margin-bottom:0"><button type="button" id="copy-link" hidden>Copy link</button> <span id="copy-result" role="status"></span></p>
</div>
<h2>Updates</h2>
${incident.updates.length ? html`<ol class="timeline" reversed>${incident.updates.map(
    (u) => html`<li><div>${incidentBadge(u.status)} <span class="meta">${time(u.createdAt, settings.timeZone)}</span></div><p>${u.message}</p></li>`,
  )}</ol>` : html`<p class="muted">No updates yet.</p>`}
</article>`
  return renderDocument({ title: incident.title, settings, body, script: COPY_LINK })
}

export const LOCAL_TIMES = `(function(){var z;try{z=Intl.DateTimeFormat().resolvedOptions().timeZone}catch(e){}
var f=new Intl.DateTimeFormat(undefined,{day:'numeric',month:'short',year:'numeric',hour:'2-digit',minute:'2-digit',timeZoneName:'short'});
document.querySelectorAll('[data-local]').forEach(function(el){var s=el.getAttribute('data-start'),e=el.getAttribute('data-end');
el.textContent=f.format(new Date(s))+(e?' to '+f.format(new Date(e)):', open end');});
var r=document.getElementById('local-row');if(r){r.hidden=false;var l=document.getElementById('local-zone');if(l&&z)l.textContent=' ('+z+')'}})();`

export function maintenancePage(m: Maintenance, settings: SiteSettings): string {
  const body = html`<article aria-labelledby="title">
<p class="meta">Scheduled maintenance</p>
<h1 id="title">${m.title}</h1>
<div class="card">
<dl class="facts">
<div class="fact"><dt>Status</dt><dd>${maintenanceBadge(m.status)}</dd></div>
<div class="fact"><dt>Schedule (${settings.timeZone})</dt><dd>${maintenanceWindow(m, settings.timeZone)}</dd></div>
<div class="fact" id="local-row" hidden><dt>Your time<span id="local-zone"></span></dt><dd data-local data-start="${m.scheduledStartAt}" data-end="${m.scheduledEndAt ?? ''}"></dd></div>
<div class="fact"><dt>Duration</dt><dd>${m.duration}</dd></div>
<div class="fact"><dt>Affected services</dt><dd>${serviceNames(m.affectedServices)}</dd></div>
</dl>
</div>
${m.descriptionHtml ? html`<h2>Description</h2><div class="rich">${raw(m.descriptionHtml)}</div>` : null}
<h2>Updates</h2>
${m.updates.length ? html`<ol class="timeline" reversed>${m.updates.map((u) => html`<li><span class="meta">${time(u.createdAt, settings.timeZone)}</span><p>${u.message}</p></li>`)}</ol>` : html`<p class="muted">No updates yet.</p>`}
</article>`
  return renderDocument({ title: m.title, settings, body, script: LOCAL_TIMES })
}

export interface HistoryData {
  page: number
  lastPage: number
  incidents: Incident[]
  maintenances: Maintenance[]
}

export function historyPage({ page, lastPage, incidents, maintenances }: HistoryData, settings: SiteSettings): string {
  const pager = html`<nav class="pager" aria-label="History pages"><ul>
<li>${page > 1 ? html`<a href="/history${page - 1 > 1 ? `?page=${page - 1}` : ''}" rel="prev">← Newer</a>` : null}</li>
<li class="muted">Page ${page} of ${lastPage}</li>
<li>${page < lastPage ? html`<a href="/history?page=${page + 1}" rel="next">Older →</a>` : null}</li>
</ul></nav>`
  const body = html`<h1>History</h1>
<section aria-labelledby="inc-h"><h2 id="inc-h">Incidents</h2>
${incidents.length ? html`<ul class="plain">${incidents.map((i) => incidentCard(i, settings, false))}</ul>` : html`<p class="muted">No incidents${page > 1 ? ' on this page' : ' have been recorded'}.</p>`}
</section>
<section aria-labelledby="m-h"><h2 id="m-h">Maintenances</h2>
${maintenances.length ? html`<ul class="plain">${maintenances.map((m) => maintenanceCard(m, settings))}</ul>` : html`<p class="muted">No maintenances${page > 1 ? ' on this page' : ' have taken place yet'}.</p>`}
</section>
${pager}`
  return renderDocument({ title: page > 1 ? `History, page ${page}` : 'History', settings, current: 'history', body })
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
