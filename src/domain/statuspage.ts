/**
 * How our vocabularies read in Atlassian Statuspage's public API v2 (served at /api/v2, docs/api.md): the page
 * indicator and its seven descriptions, component statuses, incident impact, maintenance statuses, and the ids.
 */
import { createHash } from 'node:crypto'

import { RESOLVED_INCIDENT_STATUS } from './incident-status'
import { severity, worstStatus } from './overall-status'
import type { MaintenanceStatus, ServiceStatus } from './statuses'

export const STATUSPAGE_INDICATORS = ['none', 'minor', 'major', 'critical', 'maintenance'] as const
export type StatuspageIndicator = (typeof STATUSPAGE_INDICATORS)[number]

export const STATUSPAGE_DESCRIPTIONS = [
  'All Systems Operational',
  'Partially Degraded Service',
  'Degraded System Service',
  'Minor Service Outage',
  'Partial System Outage',
  'Major System Outage',
  'Service Under Maintenance',
] as const
export type StatuspageDescription = (typeof STATUSPAGE_DESCRIPTIONS)[number]

export const COMPONENT_STATUSES = [
  'operational',
  'degraded_performance',
  'partial_outage',
  'major_outage',
  'under_maintenance',
] as const
export type ComponentStatus = (typeof COMPONENT_STATUSES)[number]

export const INCIDENT_IMPACTS = ['none', 'minor', 'major', 'critical', 'maintenance'] as const
export type IncidentImpact = (typeof INCIDENT_IMPACTS)[number]

export const STATUSPAGE_MAINTENANCE_STATUSES = ['scheduled', 'in_progress', 'verifying', 'completed'] as const
export type StatuspageMaintenanceStatus = (typeof STATUSPAGE_MAINTENANCE_STATUSES)[number]

const COMPONENT_STATUS: Record<ServiceStatus, ComponentStatus> = {
  operational: 'operational',
  maintenance: 'under_maintenance',
  degraded: 'degraded_performance',
  partial: 'partial_outage',
  major: 'major_outage',
}

export function componentStatus(status: ServiceStatus): ComponentStatus {
  return COMPONENT_STATUS[status]
}

/**
 * The page's rollup. The worst status decides the indicator (degraded → minor, partial → major, major → critical
 * when every service is down, else major), and the description blends as Statuspage's help describes: all of the
 * services in the worst status reads stronger than some of them.
 */
export function pageStatus(
  statuses: readonly ServiceStatus[],
  maintenanceMode: boolean,
): { indicator: StatuspageIndicator; description: StatuspageDescription } {
  const worst = maintenanceMode ? 'maintenance' : worstStatus(statuses)
  const all = statuses.length > 0 && statuses.every((s) => s === worst)
  switch (worst) {
    case 'operational':
      return { indicator: 'none', description: 'All Systems Operational' }
    case 'maintenance':
      return { indicator: 'maintenance', description: 'Service Under Maintenance' }
    case 'degraded':
      return { indicator: 'minor', description: all ? 'Degraded System Service' : 'Partially Degraded Service' }
    case 'partial':
      return all
        ? { indicator: 'major', description: 'Partial System Outage' }
        : { indicator: 'minor', description: 'Minor Service Outage' }
    case 'major':
      return all
        ? { indicator: 'critical', description: 'Major System Outage' }
        : { indicator: 'major', description: 'Partial System Outage' }
  }
}

/** The worst status an incident set, as Statuspage's impact: none when it set none worse than operational. */
export function incidentImpact(setStatuses: Iterable<ServiceStatus>): IncidentImpact {
  let worst: ServiceStatus = 'operational'
  for (const status of setStatuses) if (status !== 'maintenance' && severity(status) > severity(worst)) worst = status
  return worst === 'degraded' ? 'minor' : worst === 'partial' ? 'major' : worst === 'major' ? 'critical' : 'none'
}

/** Statuspage has no "cancelled": a cancelled maintenance is over, so it reads as completed (with a final update). */
export function maintenanceStatus(status: MaintenanceStatus): StatuspageMaintenanceStatus {
  return status === 'upcoming' ? 'scheduled' : status === 'in_progress' ? 'in_progress' : 'completed'
}

/**
 * The Statuspage status a maintenance had at `at` (an ISO instant), by its window: updates carry no status of their
 * own, so an update written before the start reads as scheduled even once the maintenance is over.
 */
export function maintenanceStatusAt(
  m: {
    status: MaintenanceStatus
    scheduledStartAt: string | Date
    completedAt?: string | Date | null
    cancelledAt?: string | Date | null
  },
  at: string,
): StatuspageMaintenanceStatus {
  const end = m.completedAt ?? m.cancelledAt
  if (end && at >= new Date(end).toISOString()) return 'completed'
  return at >= new Date(m.scheduledStartAt).toISOString() && m.status !== 'upcoming' ? 'in_progress' : 'scheduled'
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
export const STATUSPAGE_ID_LENGTH = 12

/**
 * A 12-character `[a-z0-9]` id derived from what identifies a record for good (its kind and database id, or the
 * page's base URL): the same on every read, never stored, so no migration is needed.
 */
export function derivedId(...parts: (string | number)[]): string {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest()
  let id = ''
  for (let i = 0; i < STATUSPAGE_ID_LENGTH; i++) id += ID_ALPHABET[digest[i] % ID_ALPHABET.length]
  return id
}

/**
 * A status page's Statuspage id, the same in /api/v2 and in webhooks: the default page's from when the settings were
 * made (as it always was), another page's from its own row (docs/pages.md).
 */
export function statuspagePageId(pageRowId: number | null, settingsCreatedAt: string | null | undefined): string {
  return pageRowId === null ? derivedId('page', settingsCreatedAt ?? '') : derivedId('page', `pages-${pageRowId}`)
}

/** An incident's update as both Statuspage shapes read it: its time already resolved to an ISO instant. */
export interface TimelineUpdate {
  id?: string | null
  status: string
  message: string
  notify?: boolean | null
  createdAt?: string | null
  serviceStatuses?: { service: number | { id: number } | null | undefined; status: ServiceStatus }[] | null
}

/**
 * An incident's updates in Statuspage's shape (the /api/v2 read model and the webhook bodies), oldest first, each
 * with the components it changed (old → new status, the status before the first update being operational), and every
 * status the updates set (for the incident's impact). `component`: the code and name of a service, undefined for one
 * that no longer exists.
 */
export function statuspageTimeline(
  incident: { id: number; shortId: string; createdAt: string; updates: readonly TimelineUpdate[] },
  component: (serviceId: number) => { code: string; name: string } | undefined,
) {
  const instant = (value: string) => new Date(value).toISOString()
  const oldestFirst = incident.updates
    .map((u, index) => ({ ...u, at: instant(u.createdAt ?? incident.createdAt), index }))
    .sort((a, b) => a.at.localeCompare(b.at) || a.index - b.index)
  const current = new Map<number, ComponentStatus>()
  const set: ServiceStatus[] = []
  const updates = oldestFirst.map((u) => {
    const rows = u.serviceStatuses ?? []
    // A resolve that sets no statuses of its own gives back every service the incident changed
    // (src/services/service-status/release.ts): Statuspage lists those components on the resolving update.
    const givenBack =
      u.status === RESOLVED_INCIDENT_STATUS && rows.length === 0
        ? [...current].flatMap(([serviceId, oldStatus]) => {
            const found = component(serviceId)
            current.set(serviceId, 'operational')
            return oldStatus === 'operational' || !found
              ? []
              : [{ code: found.code, name: found.name, old_status: oldStatus, new_status: 'operational' as const }]
          })
        : []
    const changes = rows.flatMap((row) => {
      const serviceId =
        row.service === null || row.service === undefined
          ? null
          : typeof row.service === 'object'
            ? row.service.id
            : row.service
      const found = serviceId === null ? undefined : component(serviceId)
      if (serviceId === null || !found) return []
      set.push(row.status)
      const oldStatus = current.get(serviceId) ?? 'operational'
      const newStatus = componentStatus(row.status)
      current.set(serviceId, newStatus)
      return oldStatus === newStatus
        ? []
        : [{ code: found.code, name: found.name, old_status: oldStatus, new_status: newStatus }]
    })
    return {
      id: u.id ?? derivedId('incident-update', incident.id, u.index),
      status: u.status,
      body: u.message,
      incident_id: incident.shortId,
      created_at: u.at,
      updated_at: u.at,
      display_at: u.at,
      affected_components: changes.length || givenBack.length ? [...givenBack, ...changes] : null,
      deliver_notifications: u.notify !== false,
      custom_tweet: null,
      tweet_id: null,
    }
  })
  return { updates, set, newestStatus: oldestFirst.at(-1)?.status }
}

/** A maintenance's update as both Statuspage shapes read it. */
export interface MaintenanceTimelineUpdate {
  id?: string | null
  message: string
  notify?: boolean | null
  createdAt?: string | null
}

/**
 * A maintenance's updates in Statuspage's shape (the /api/v2 read model and the webhook bodies), in stored order;
 * `statusAt` gives the status an update written at that instant shows (updates carry no status of their own).
 */
export function maintenanceTimeline<S extends string>(
  maintenance: { id: number; shortId: string; createdAt: string; updates: readonly MaintenanceTimelineUpdate[] },
  statusAt: (at: string) => S,
) {
  return maintenance.updates.map((u, index) => {
    const at = new Date(u.createdAt ?? maintenance.createdAt).toISOString()
    return {
      id: u.id ?? derivedId('maintenance-update', maintenance.id, index),
      status: statusAt(at),
      body: u.message,
      incident_id: maintenance.shortId,
      created_at: at,
      updated_at: at,
      display_at: at,
      affected_components: null,
      deliver_notifications: u.notify !== false,
      custom_tweet: null,
      tweet_id: null,
    }
  })
}

/** The IANA names of UTC itself; Statuspage names that zone `Etc/UTC`. */
const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'UCT', 'Etc/UCT', 'Universal', 'Etc/Universal', 'Zulu', 'Etc/Zulu'])

/** The page's `time_zone` as Statuspage writes it: the site's zone, `Etc/UTC` for UTC (the default) or none. */
export function statuspageTimeZone(zone: string | null | undefined): string {
  return !zone || UTC_NAMES.has(zone) ? 'Etc/UTC' : zone
}
