/**
 * The statuses in a reader's language: one word for each service, incident and maintenance status, the same on the
 * pages, in the feeds and in the messages sent (src/i18n/messages/<locale>/site.json, `site.status.*`).
 */
import type { IncidentStatus, MaintenanceStatus, ServiceStatus } from '@/domain/statuses'

import type { MessageKey } from './translate'

type StatusKey = Extract<MessageKey, `site.status.${string}`>
/** A translator of the statuses' keys at least: the catalogues' (Translate), or the admin components' (AdminText). */
type Says = (key: StatusKey) => string

const SERVICE_STATUS_KEYS: Record<ServiceStatus, StatusKey> = {
  operational: 'site.status.service.operational',
  maintenance: 'site.status.service.maintenance',
  degraded: 'site.status.service.degraded',
  partial: 'site.status.service.partial',
  major: 'site.status.service.major',
}

/** "Under maintenance", "Major outage": a service's status as its badge says it. */
export const serviceStatusLabel = (t: Says, status: ServiceStatus): string => t(SERVICE_STATUS_KEYS[status])

const INCIDENT_STATUS_KEYS: Record<IncidentStatus, StatusKey> = {
  investigating: 'site.status.incident.investigating',
  identified: 'site.status.incident.identified',
  monitoring: 'site.status.incident.monitoring',
  resolved: 'site.status.incident.resolved',
}

export const incidentStatusLabel = (t: Says, status: IncidentStatus): string => t(INCIDENT_STATUS_KEYS[status])

const MAINTENANCE_STATUS_KEYS: Record<MaintenanceStatus, StatusKey> = {
  upcoming: 'site.status.maintenance.upcoming',
  in_progress: 'site.status.maintenance.inProgress',
  completed: 'site.status.maintenance.completed',
  cancelled: 'site.status.maintenance.cancelled',
}

export const maintenanceStatusLabel = (t: Says, status: MaintenanceStatus): string => t(MAINTENANCE_STATUS_KEYS[status])
