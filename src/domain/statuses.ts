/**
 * The status vocabularies of the contract, each declared once. Select options, zod enums and OpenAPI enums are
 * built from these tuples so that no other list of the same words can drift from them.
 */

/** Service statuses, ordered from best to worst so that severity is a comparison of positions. */
export const SERVICE_STATUSES = ['operational', 'maintenance', 'degraded', 'partial', 'major'] as const
export type ServiceStatus = (typeof SERVICE_STATUSES)[number]

export const INCIDENT_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'] as const
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number]

export const MAINTENANCE_STATUSES = ['upcoming', 'in_progress', 'completed', 'cancelled'] as const
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number]

/** How a subscriber hears: e-mail and SMS (visitors), webhooks (visitors and admins), chat channels (admins). */
export const SUBSCRIBER_TYPES = ['email', 'sms', 'webhook', 'slack', 'discord', 'teams'] as const
export type SubscriberType = (typeof SUBSCRIBER_TYPES)[number]

/**
 * What changed a service's status, in its history: `initial` is the status a service had when its history began
 * (its creation, or the migration that started the history of an older database).
 */
export const STATUS_CHANGE_SOURCES = ['initial', 'manual', 'incident', 'maintenance', 'integration'] as const
export type StatusChangeSource = (typeof STATUS_CHANGE_SOURCES)[number]

export const USER_ROLES = ['admin', 'editor'] as const
export type UserRole = (typeof USER_ROLES)[number]

/** Human labels for the admin area; kept beside the vocabularies so a new value cannot lack one. */
export const SERVICE_STATUS_LABELS: Record<ServiceStatus, string> = {
  operational: 'Operational',
  maintenance: 'Under maintenance',
  degraded: 'Degraded performance',
  partial: 'Partial outage',
  major: 'Major outage',
}

export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
}

export const MAINTENANCE_STATUS_LABELS: Record<MaintenanceStatus, string> = {
  upcoming: 'Upcoming',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
}

export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value)
}
