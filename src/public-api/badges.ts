/**
 * What a status badge says (docs/badges.md), read from the same reads as the page and /api/v1: the status by the
 * summary's rule (the page's overall status, a group's worst, a service's own), the uptime by the uptime bars' table
 * (src/public-api/uptime.ts), the open incidents by /api/v1/incidents' filter. Only what the page shows: a slug it
 * does not show is a 404, as on `/s/<slug>` and `/g/<slug>`.
 */
import type { Payload } from 'payload'

import type { BadgeAddress, BadgeSubject } from '@/domain/badges'
import type { ServiceStatus } from '@/domain/statuses'
import type { Links } from '@/settings/base-url'

import type { ResponseClock } from './clock'
import { countActiveIncidents, currentOverallStatus, listServices } from './read-model'
import { findShownSubject } from './shown-subject'
import { combinedUptime, uptimeChangesAt, uptimeOptions, uptimeTable } from './uptime'

export type BadgeValue =
  | { metric: 'status'; status: ServiceStatus }
  | { metric: 'uptime'; days: number; percent: number | null }
  | { metric: 'incidents'; count: number }

export interface BadgeFacts {
  /** The group's or service's name in the response's language; null for the page. */
  name: string | null
  value: BadgeValue
}

interface Subject {
  name: string | null
  /** Its status now; undefined for the page (read by the summary's rule when asked). */
  status?: ServiceStatus
  /** The slugs of its services on this page; null: every service the page shows. */
  slugs: string[] | null
}

async function subjectOf(payload: Payload, links: Links, subject: BadgeSubject): Promise<Subject> {
  if (subject.kind === 'page') return { name: null, slugs: null }
  return findShownSubject(payload, links, subject.kind, subject.slug)
}

async function uptimeOf(payload: Payload, links: Links, slugs: string[] | null, days: number, clock: ResponseClock) {
  const [table, shown] = await Promise.all([
    // The page's shortest outage counted; a window at least as long as the badge asks.
    uptimeTable(payload, clock.now, undefined, badgeOptions(links, days)),
    slugs ?? listServices(payload, links.scope).then((services) => services.map((s) => s.slug)),
  ])
  const members = new Set(shown)
  const services = table.services.filter((s) => members.has(s.slug))
  // The figure moves with the clock while there is downtime in the window: the cached badge expires when it does.
  clock.changesAt(uptimeChangesAt(services, days, clock.now))
  return combinedUptime(services, days)
}

function badgeOptions(links: Links, days: number) {
  const options = uptimeOptions(links.scope)
  return options.days >= days ? options : { ...options, days: Math.max(days, 90) }
}

/** The badge's subject and value; NotFound when the page shows no such service or group. */
export async function badgeFacts(
  payload: Payload,
  links: Links,
  { subject, metric }: Pick<BadgeAddress, 'subject' | 'metric'>,
  clock: ResponseClock,
): Promise<BadgeFacts> {
  const { name, status, slugs } = await subjectOf(payload, links, subject)
  if (metric.kind === 'status')
    return { name, value: { metric: 'status', status: status ?? (await currentOverallStatus(payload, links.scope)) } }
  if (metric.kind === 'incidents')
    return {
      name,
      value: { metric: 'incidents', count: await countActiveIncidents(payload, links.scope, slugs ?? undefined) },
    }
  const percent = await uptimeOf(payload, links, slugs, metric.days, clock)
  return { name, value: { metric: 'uptime', days: metric.days, percent } }
}
