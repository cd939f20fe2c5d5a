/**
 * Feeds of the public site: Atom and RSS of incidents and maintenances (newest first), and an iCalendar feed of
 * maintenances. Built with `feed` and `ical-generator` from the public read model's shapes.
 */
import { Feed } from 'feed'
import ical, { ICalEventStatus } from 'ical-generator'

import { INCIDENT_STATUS_LABELS, MAINTENANCE_STATUS_LABELS } from '../domain/statuses'
import type { Links } from '../public-api/read-model'
import type { Incident, Maintenance } from '../public-api/schemas'

import type { SiteSettings } from './data'
import { formatDateTime } from './format'
import { escapeHtml } from './html'

function incidentSummary(incident: Incident): string {
  const latest = incident.updates[0]
  const services = incident.affectedServices.map((s) => s.name).join(', ')
  return [`${INCIDENT_STATUS_LABELS[incident.status]}${latest ? `: ${latest.message}` : ''}`, services ? `Affected: ${services}` : ''].filter(Boolean).join('\n')
}

function maintenanceSummary(m: Maintenance, timeZone: string): string {
  const window = m.scheduledEndAt
    ? `${formatDateTime(m.scheduledStartAt, timeZone)} to ${formatDateTime(m.scheduledEndAt, timeZone)}`
    : `From ${formatDateTime(m.scheduledStartAt, timeZone)}, open end`
  const services = m.affectedServices.map((s) => s.name).join(', ')
  return [`Maintenance (${MAINTENANCE_STATUS_LABELS[m.status]}): ${window}, ${m.duration}`, services ? `Affected: ${services}` : '', m.descriptionText].filter(Boolean).join('\n')
}

export function buildFeed(incidents: Incident[], maintenances: Maintenance[], settings: SiteSettings, links: Links): Feed {
  const items = [
    ...incidents.map((i) => ({ date: new Date(i.updatedAt), title: `${i.title} (${INCIDENT_STATUS_LABELS[i.status]})`, id: i.url, link: i.url, description: incidentSummary(i), published: new Date(i.createdAt) })),
    ...maintenances.map((m) => ({ date: new Date(m.updatedAt), title: `Maintenance: ${m.title} (${MAINTENANCE_STATUS_LABELS[m.status]})`, id: m.url, link: m.url, description: maintenanceSummary(m, settings.timeZone), published: new Date(m.createdAt) })),
  ].sort((a, b) => b.date.getTime() - a.date.getTime())
  const feed = new Feed({
    id: `${links.base}/`,
    title: `${settings.siteName}: incidents and maintenances`,
    description: settings.description ?? `Incidents and maintenances of ${settings.siteName}`,
    link: `${links.base}/`,
    updated: items[0]?.date ?? new Date(0),
    generator: false,
    copyright: settings.siteName,
    feedLinks: { atom: `${links.base}/feed.atom`, rss: `${links.base}/feed.rss` },
  })
  for (const item of items) feed.addItem({ ...item, content: `<p>${escapeHtml(item.description).replace(/\n/g, '<br>')}</p>` })
  return feed
}

export function buildCalendar(maintenances: Maintenance[], settings: SiteSettings, links: Links): string {
  const host = new URL(links.base).hostname
  const calendar = ical({ name: `${settings.siteName}: maintenances`, prodId: { company: 'statuspage', product: 'maintenances' } })
  for (const m of maintenances) {
    calendar.createEvent({
      id: `maintenance-${m.shortId}@${host}`,
      start: new Date(m.scheduledStartAt),
      // An open end has no end time: a one-hour placeholder would be a promise nobody made, so the event is shown
      // from its start (RFC 5545: no DTEND and no DURATION is an instant).
      end: m.scheduledEndAt ? new Date(m.scheduledEndAt) : null,
      summary: `Maintenance: ${m.title}`,
      description: maintenanceSummary(m, settings.timeZone),
      url: m.url,
      status: m.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      stamp: new Date(m.updatedAt),
      lastModified: new Date(m.updatedAt),
      created: new Date(m.createdAt),
    })
  }
  return calendar.toString()
}
