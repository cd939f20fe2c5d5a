/**
 * What a monitoring tool tells us, once it is read (src/integrations/ reads each tool's payload): one event per
 * notification, keyed per tool (Alertmanager's groupKey, Uptime Kuma's monitor, Gatus's endpoint, the generic
 * `key`), with the alerts it carries, each naming the services it concerns and the status it gives them.
 * No framework here; the parsers and the incident use case share these rules.
 */
import { createHash } from 'node:crypto'

import { worstStatus } from './overall-status'
import { isOneOf, SERVICE_STATUSES, type ServiceStatus } from './statuses'
import { toSlug } from './slug'

export const INTEGRATION_KINDS = ['alertmanager', 'uptime-kuma', 'gatus', 'generic'] as const
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number]

export const INTEGRATION_KIND_LABELS: Record<IntegrationKind, string> = {
  alertmanager: 'Prometheus Alertmanager or Grafana',
  'uptime-kuma': 'Uptime Kuma',
  gatus: 'Gatus',
  generic: 'Generic JSON',
}

export const EVENT_STATES = ['firing', 'resolved'] as const
export type EventState = (typeof EVENT_STATES)[number]

/** One alert of a notification: a rule of Alertmanager, a monitor of Uptime Kuma, an endpoint of Gatus. */
export interface MonitoringAlert {
  /** Stable per alert across notifications (Alertmanager's fingerprint): the firing set is compared by these. */
  id: string
  firing: boolean
  /** Service slugs the alert names; empty: the integration's default services. */
  services: string[]
  status: ServiceStatus
  summary: string
}

/** The one internal event every kind becomes: `{key, state, services, status, title, message, startedAt, link}`. */
export interface MonitoringEvent {
  key: string
  state: EventState
  alerts: MonitoringAlert[]
  title: string
  message: string | null
  startedAt: string | null
  link: string | null
}

export type ParseResult =
  | { ok: true; event: MonitoringEvent }
  /** A tool's test notification (Uptime Kuma sends `heartbeat: null`), or a state we do not act on. */
  | { ok: true; ignored: string }
  | { ok: false; message: string }

/** How an integration reads payloads: the label naming a service, and the severity words it knows. */
export interface ParseOptions {
  serviceLabel: string
  /** Severity word (lower case) → service status. */
  severityStatuses: Record<string, ServiceStatus>
  /** The status of an alert whose severity is missing or not in the table. */
  defaultStatus: ServiceStatus
}

export const DEFAULT_SEVERITY_STATUSES: Readonly<Record<string, ServiceStatus>> = {
  critical: 'major',
  warning: 'partial',
  info: 'degraded',
}
export const DEFAULT_SERVICE_LABEL = 'service'

/** Other status pages' words for the same statuses (Statuspage, Gatus's README example), read as ours. */
const STATUS_SYNONYMS: Record<string, ServiceStatus> = {
  major_outage: 'major',
  partial_outage: 'partial',
  degraded_performance: 'degraded',
  under_maintenance: 'maintenance',
}

/** A service status named by a tool: ours, or Statuspage's spelling (`major_outage`, `major-outage`); else null. */
export function statusFromWord(word: unknown): ServiceStatus | null {
  if (typeof word !== 'string') return null
  const normalised = word
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '_')
  if (isOneOf(SERVICE_STATUSES, normalised)) return normalised
  return ownValue(STATUS_SYNONYMS, normalised) ?? null
}

/** `table[key]` when the table itself has it: `constructor` or `__proto__` are words a sender may use, not members. */
function ownValue<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined
}

/** An alert's status: an explicit service status wins, then the severity table, then the default. */
export function alertStatus(options: ParseOptions, explicit: unknown, severity: unknown): ServiceStatus {
  const named = statusFromWord(explicit)
  if (named) return named
  if (typeof severity === 'string') {
    const mapped = ownValue(options.severityStatuses, severity.trim().toLowerCase())
    if (mapped) return mapped
  }
  return options.defaultStatus
}

/** Service slugs from a label value: one slug, or several separated by commas (`api, web`). */
export function serviceSlugs(value: unknown): string[] {
  if (typeof value !== 'string') return []
  const slugs = value
    .split(',')
    .map((part) => toSlug(part))
    .filter((slug) => slug !== '')
  return [...new Set(slugs)]
}

/**
 * The status each service gets from the firing alerts: the worst per service. Alerts that name no known service
 * concern the integration's default services. Keys are service ids (or whatever `resolve` maps slugs to).
 */
export function eventImpact<Id extends string | number>(
  event: MonitoringEvent,
  resolve: (slug: string) => Id | undefined,
  defaults: readonly Id[],
): Map<Id, ServiceStatus> {
  const impact = new Map<Id, ServiceStatus>()
  for (const alert of event.alerts) {
    if (!alert.firing) continue
    const known = alert.services.map(resolve).filter((id): id is Id => id !== undefined)
    // A firing alert is a problem: whatever status a tool or a severity word gives it, at least degraded.
    // (`operational` means resolved, as the Gatus parser reads it; an alert cannot put a service under maintenance.)
    const status = alert.status === 'operational' || alert.status === 'maintenance' ? 'degraded' : alert.status
    for (const id of known.length > 0 ? known : defaults)
      impact.set(id, worstStatus([impact.get(id) ?? 'degraded', status]))
  }
  return impact
}

/**
 * What makes two notifications the same news: the set of firing alerts and the status each service gets. A re-sent
 * notification (Alertmanager's repeat_interval, a retry) has the same signature; a changed one does not.
 */
export function eventSignature(event: MonitoringEvent, impact: ReadonlyMap<string | number, ServiceStatus>): string {
  const firing = event.alerts
    .filter((alert) => alert.firing)
    .map((alert) => alert.id)
    .sort()
  const statuses = [...impact].map(([id, status]) => `${id}=${status}`).sort()
  const text = event.state === 'resolved' ? 'resolved' : `${firing.join(',')}|${statuses.join(',')}`
  return createHash('sha256').update(text).digest('hex').slice(0, 32)
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

/**
 * A tool's string (or number) as text: trimmed, at most `max` characters, control characters (which stored text
 * may not hold, src/domain/text.ts) replaced by spaces, since a monitoring tool cannot be asked to fix its payload;
 * null when empty.
 */
export function text(value: unknown, max = 300): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const trimmed = String(value).replace(CONTROL, ' ').trim()
  return trimmed === '' ? null : trimmed.slice(0, max)
}

/** An ISO timestamp from a tool's time, or null (Alertmanager's zero time `0001-01-01…` is "none"). */
export function timestamp(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const time = new Date(value).getTime()
  if (!Number.isFinite(time) || time <= 0) return null
  return new Date(time).toISOString()
}

/** Whether the value is a plain JSON object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
