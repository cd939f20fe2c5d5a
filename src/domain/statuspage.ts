/**
 * How our vocabularies read in Atlassian Statuspage's public API v2 (served at /api/v2, docs/api.md): the page
 * indicator and its seven descriptions, component statuses, incident impact, maintenance statuses, and the ids.
 */
import { createHash } from 'node:crypto'

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

export const COMPONENT_STATUSES = ['operational', 'degraded_performance', 'partial_outage', 'major_outage', 'under_maintenance'] as const
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
export function pageStatus(statuses: readonly ServiceStatus[], maintenanceMode: boolean): { indicator: StatuspageIndicator; description: StatuspageDescription } {
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
      return all ? { indicator: 'major', description: 'Partial System Outage' } : { indicator: 'minor', description: 'Minor Service Outage' }
    case 'major':
      return all ? { indicator: 'critical', description: 'Major System Outage' } : { indicator: 'major', description: 'Partial System Outage' }
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
