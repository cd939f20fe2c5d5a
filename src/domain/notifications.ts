/**
 * What subscribers hear about, and who hears it: the events that a write to an incident or a maintenance causes,
 * the matching of subscribers to an event, and the retry schedule of a failed delivery. No framework here; the
 * CMS hooks and the delivery job call these.
 */
import { createHash } from 'node:crypto'

import { newestUpdate } from './incident-status'
import {
  type IncidentStatus,
  type MaintenanceStatus,
  type ServiceStatus,
  SUBSCRIBER_TYPES,
  type SubscriberType,
} from './statuses'

export const NOTIFICATION_KINDS = [
  'incident_created',
  'incident_updated',
  'incident_resolved',
  'incident_postmortem',
  'maintenance_scheduled',
  'maintenance_reminder',
  'maintenance_started',
  'maintenance_completed',
  'maintenance_cancelled',
  /** A service's status changed (its history row): only webhook subscribers hear of it (Statuspage's component update). */
  'service_status_changed',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  incident_created: 'New incident',
  incident_updated: 'Incident update',
  incident_resolved: 'Incident resolved',
  incident_postmortem: 'Postmortem',
  maintenance_scheduled: 'Maintenance scheduled',
  maintenance_reminder: 'Maintenance reminder',
  maintenance_started: 'Maintenance started',
  maintenance_completed: 'Maintenance completed',
  maintenance_cancelled: 'Maintenance cancelled',
  service_status_changed: 'Service status changed',
}

/** A notification as a whole: queued until its job first runs, then sending until no delivery is left to try. */
/** `superseded`: held while an automated incident settled, then replaced by a newer one (or by nothing to say). */
export const NOTIFICATION_STATUSES = ['queued', 'sending', 'sent', 'partly_failed', 'failed', 'superseded'] as const
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number]

/**
 * One (notification, subscriber) pair. `sending` is claimed: once a delivery leaves `pending` or `failed` for
 * `sending` it is never claimed again, which is what makes delivery at-most-once. `interrupted`: the process
 * stopped while it was being sent, so nobody can tell whether it arrived; it is not sent again.
 */
export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed', 'interrupted', 'skipped'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/** A delivery goes out by its subscriber's type: the channels are the subscriber types, declared once. */
export const CHANNELS = SUBSCRIBER_TYPES
export type Channel = SubscriberType

export interface NotificationEvent {
  kind: NotificationKind
  /** Unique per event: the same event caused twice (a client re-sending the same update list) notifies once. */
  eventKey: string
  /** The status the event is about: the update's (incidents), the one entered (maintenances and services). */
  status: IncidentStatus | MaintenanceStatus | ServiceStatus
  /** The update's message, when the event is an incident update. */
  message: string | null
  /** The announced update's row id, when the event is an incident update (its message in other languages). */
  updateId?: string | null
}

export interface UpdateLike {
  status: IncidentStatus
  message: string
  createdAt: string | Date
  /** The array row's id: kept by a write that sends it back (the admin form does), new otherwise. */
  id?: string | null
  /** false: the operator chose not to notify about this update (Statuspage's deliver_notifications). */
  notify?: boolean | null
}

const iso = (value: string | Date) => new Date(value).toISOString()

/** An update's identity across writes: a PATCH replaces the list, so row ids change, but the content does not. */
export function updateFingerprint(update: UpdateLike): string {
  return createHash('sha256')
    .update(`${update.status}\n${iso(update.createdAt)}\n${update.message}`)
    .digest('hex')
    .slice(0, 16)
}

const time = (value: string | Date) => new Date(value).getTime()

/**
 * The row of the previous list that `update` is a version of, if any. A row sent back with its id is that row (the
 * admin form does this). A row without one (the contract's write shape: Payload gives it a new id) is the previous
 * row with the same content, else the one written at the same instant: a correction of its words.
 */
export function previousVersion<T extends UpdateLike>(update: UpdateLike, previous: readonly T[]): T | undefined {
  if (update.id) {
    const byId = previous.find((row) => row.id === update.id)
    if (byId) return byId
  }
  const fingerprint = updateFingerprint(update)
  const byContent = previous.find((row) => updateFingerprint(row) === fingerprint)
  if (byContent) return byContent
  const sameInstant = previous.filter((row) => time(row.createdAt) === time(update.createdAt))
  return sameInstant.find((row) => row.status === update.status) ?? sameInstant[0]
}

/**
 * The event an incident write causes. Subscribers hear of an incident when its newest update changes: a new newest
 * update, or the newest one's status changing. Correcting words or times, of the newest update or of an older one,
 * is no news, so a client that sends the whole list back with a typo fixed in an old update tells nobody anything.
 *
 * When the newest update did change, the event is about the newest of the changed updates (new, or with a new
 * status) that the operator left `notify` on and that is not older than the update announced before: several new
 * updates in one write make one notification; an operator who keeps the newest one quiet is heard about the one
 * before it; none to notify about make nothing.
 */
/**
 * The incident's newest update when a write changed it (a new newest update, or the newest one's status changed),
 * with the version of it the previous list had, if any; undefined when the newest update is as it was. Notifications
 * and the services' statuses follow the same rule: re-sending older updates, or correcting words, is no news.
 */
export function changedNewestUpdate<T extends UpdateLike>(
  previous: readonly T[] | null,
  next: readonly T[],
): { newest: T; before: T | undefined } | undefined {
  const newest = newestUpdate(next)
  if (!newest) return undefined
  const before = previous === null ? undefined : previousVersion(newest, previous)
  return before === undefined || before.status !== newest.status ? { newest, before } : undefined
}

export function incidentEvent(
  incidentId: number | string,
  previous: UpdateLike[] | null,
  next: UpdateLike[],
): NotificationEvent | null {
  const isNews = (update: UpdateLike) => {
    if (previous === null) return true
    const before = previousVersion(update, previous)
    return before === undefined || before.status !== update.status
  }
  if (!changedNewestUpdate(previous, next)) return null
  const previousNewest = previous === null ? undefined : newestUpdate(previous)
  const notBefore = previousNewest ? time(previousNewest.createdAt) : -Infinity
  const announced = newestUpdate(
    next.filter((update) => update.notify !== false && time(update.createdAt) >= notBefore && isNews(update)),
  )
  if (!announced) return null
  const kind: NotificationKind =
    announced.status === 'resolved' ? 'incident_resolved' : previous === null ? 'incident_created' : 'incident_updated'
  return {
    kind,
    eventKey: `incident:${incidentId}:${updateFingerprint(announced)}`,
    status: announced.status,
    message: announced.message,
    updateId: announced.id ?? null,
  }
}

/**
 * A postmortem is news once: when it is first published. Its key names only the incident, so editing a published
 * postmortem, or unpublishing and publishing it again, notifies nobody.
 */
export function postmortemEvent(
  incidentId: number | string,
  incidentStatus: IncidentStatus,
  previousPublishedAt: string | Date | null | undefined,
  publishedAt: string | Date | null | undefined,
): NotificationEvent | null {
  if (!publishedAt || previousPublishedAt) return null
  return {
    kind: 'incident_postmortem',
    eventKey: `incident:${incidentId}:postmortem`,
    status: incidentStatus,
    message: null,
  }
}

/** The reminder before a maintenance's start: one per window (a moved start may be reminded of again). */
export function maintenanceReminderEvent(
  maintenanceId: number | string,
  scheduledStartAt: string | Date,
): NotificationEvent {
  return {
    kind: 'maintenance_reminder',
    eventKey: `maintenance:${maintenanceId}:reminder:${iso(scheduledStartAt)}`,
    status: 'upcoming',
    message: null,
  }
}

const MAINTENANCE_KIND: Partial<Record<MaintenanceStatus, NotificationKind>> = {
  // Reached by an update only when an operator moves a clock-completed maintenance's window into the future.
  upcoming: 'maintenance_scheduled',
  in_progress: 'maintenance_started',
  completed: 'maintenance_completed',
  cancelled: 'maintenance_cancelled',
}

export interface MaintenanceWindowLike {
  scheduledStartAt: string | Date
  scheduledEndAt?: string | Date | null
}

/**
 * The event a maintenance write causes: scheduled when it is created for the future, and then one event per
 * status it enters. A maintenance recorded after the fact (created completed or cancelled) notifies nobody. An
 * occurrence of a recurring series (`occurrence`) is not announced when it is created ahead: the series announced
 * itself once, and each occurrence is announced by its reminder.
 *
 * The key names the window the status was entered under: the same move made twice (two runners completing one
 * maintenance) is announced once, while the same status entered again under another window (a clock-completed
 * maintenance extended by the operator, then completed at its new end) is news.
 */
export function maintenanceEvent(
  maintenanceId: number | string,
  previousStatus: MaintenanceStatus | null,
  status: MaintenanceStatus,
  window: MaintenanceWindowLike,
  occurrence = false,
): NotificationEvent | null {
  if (previousStatus === status) return null
  let kind: NotificationKind | undefined
  if (previousStatus === null && occurrence && status === 'upcoming') return null
  if (previousStatus === null)
    kind =
      status === 'upcoming' ? 'maintenance_scheduled' : status === 'in_progress' ? 'maintenance_started' : undefined
  else kind = MAINTENANCE_KIND[status]
  if (!kind) return null
  const span = `${iso(window.scheduledStartAt)}/${window.scheduledEndAt ? iso(window.scheduledEndAt) : 'open'}`
  return { kind, eventKey: `maintenance:${maintenanceId}:${kind}:${span}`, status, message: null }
}

/**
 * Whether a subscriber hears of an event. No choice of services means everything; an event that names no service
 * concerns the whole site and reaches everyone; otherwise one shared service is enough.
 */
export function subscriberWantsEvent(
  chosenServiceIds: readonly (number | string)[],
  affectedServiceIds: readonly (number | string)[],
): boolean {
  if (chosenServiceIds.length === 0 || affectedServiceIds.length === 0) return true
  const affected = new Set(affectedServiceIds.map(String))
  return chosenServiceIds.some((id) => affected.has(String(id)))
}

/** What a follower of one incident hears of it (Statuspage's incident subscription): its updates and its resolution. */
const FOLLOWED_KINDS: ReadonlySet<NotificationKind> = new Set([
  'incident_created',
  'incident_updated',
  'incident_resolved',
])

/**
 * Whether a subscription that follows one incident (`followed`: its id) hears of a notification: only of that
 * incident's updates and its resolution, never of another incident, a maintenance or a service; its services, if
 * any, do not narrow it. After the resolution it is ended (src/notify/followers.ts), so it hears nothing more.
 */
export function followerHears(
  followed: number,
  notification: { kind: NotificationKind; incident: number | null },
): boolean {
  return notification.incident === followed && FOLLOWED_KINDS.has(notification.kind)
}

/** A delivery is tried this many times in all before it is left failed. */
export const MAX_DELIVERY_ATTEMPTS = 5

/** Wait before attempt `attempt + 1` after `attempt` failed: 30 s, 2 min, 8 min, 32 min (exponential, base 4). */
export function retryDelayMs(attempt: number, baseMs = 30_000): number {
  return baseMs * 4 ** Math.max(0, attempt - 1)
}

/** After a failed attempt: when to try again, or null when the failure is permanent or the attempts are used up. */
export function nextAttemptAt(attempt: number, permanent: boolean, now: Date, baseMs?: number): Date | null {
  if (permanent || attempt >= MAX_DELIVERY_ATTEMPTS) return null
  return new Date(now.getTime() + retryDelayMs(attempt, baseMs))
}

/** What a notification's status is once every delivery has been tried. */
export function notificationOutcome(counts: { sent: number; failed: number }): NotificationStatus {
  if (counts.failed === 0) return 'sent'
  return counts.sent > 0 ? 'partly_failed' : 'failed'
}

/**
 * What becomes of an automated incident's notification once it has settled (INTEGRATION_SETTLE_SECONDS): a newer
 * one of the same incident replaces it, and a resolution of an incident nobody was told about says nothing. A
 * flapping alert thus tells subscribers its latest state once, and a blip shorter than the settle time nothing.
 */
export function settledNotification(facts: {
  newerExists: boolean
  resolves: boolean
  anyoneTold: boolean
}): 'send' | 'superseded' {
  if (facts.newerExists) return 'superseded'
  if (facts.resolves && !facts.anyoneTold) return 'superseded'
  return 'send'
}
