/**
 * From a write to an incident or a maintenance to a queued notification. The afterChange hooks run inside the
 * write's transaction and pass its `req` on, so the notification row and its delivery job commit together with the
 * write, or not at all (an outbox): a notification is never lost after a write succeeded, and never sent for a
 * write that failed. (On PostgreSQL. Payload runs SQLite without transactions; there the notification follows the
 * write in the same request: see docs/architecture.md.)
 */
import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'

import { env } from '@/config/env'
import { relationIds } from '@/db/relation-id'
import { connectionFor, tableOf } from '@/db/sql'
import {
  incidentEvent,
  maintenanceEvent,
  maintenanceReminderEvent,
  postmortemEvent,
  type NotificationEvent,
  type UpdateLike,
} from '@/domain/notifications'
import { incidentPageUrl, maintenancePageUrl } from '@/domain/page-address'
import { CHANNEL_RULES } from '@/domain/channels'
import { CHANNELS } from '@/domain/notifications'
import {
  INCIDENT_STATUS_LABELS,
  MAINTENANCE_STATUS_LABELS,
  type MaintenanceStatus,
  SERVICE_STATUS_LABELS,
  type ServiceStatus,
} from '@/domain/statuses'
import type { DateFormat } from '@/domain/date-format'
import type { Recurrence } from '@/domain/recurrence'
import { startsIn, startsInMinutes } from '@/domain/reminders'
import { richTextToText } from '@/format/rich-text'
import type { Maintenance } from '@/payload-types'
import { messageBaseUrl } from '@/settings/base-url'
import { siteSettings } from '@/settings/site-settings'

import type { NotificationContent } from './content'
import { endFollowers } from './followers'
import { notificationSubject } from './messages'
import { type ScheduleWindow, scheduleText } from './schedule'
import { writtenTexts } from './written-texts'
import { DELIVER_NOTIFICATION_TASK, NOTIFICATION_QUEUE } from './queue'

async function serviceNames(req: PayloadRequest, services: unknown): Promise<string[]> {
  const ids = relationIds(services)
  if (ids.length === 0) return []
  const { docs } = await req.payload.find({
    collection: 'services',
    where: { id: { in: ids } },
    select: { name: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return docs.map((service) => service.name)
}

/**
 * The notification row and its job, in the write's transaction. The row is inserted with ON CONFLICT DO NOTHING on
 * its event key: the same event caused twice (a client re-sending the same updates, two runners moving one
 * maintenance at once) is announced once, and the second write neither fails nor waits for an error.
 */
async function recordNotification(
  req: PayloadRequest,
  event: NotificationEvent,
  subject: { incident?: number; maintenance?: number },
  content: NotificationContent,
  waitUntil?: Date,
): Promise<void> {
  const db = await connectionFor(req.payload, req)
  const t = tableOf(req.payload, 'notifications')
  const now = new Date().toISOString()
  const inserted: { id: number }[] = await db
    .insert(t)
    .values({
      kind: event.kind,
      eventKey: event.eventKey,
      subject: notificationSubject(content),
      message: event.message,
      content,
      status: 'queued',
      ...subject,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: t.id })
  if (inserted.length === 0) return
  await req.payload.jobs.queue({
    task: DELIVER_NOTIFICATION_TASK,
    input: { notification: inserted[0].id },
    queue: NOTIFICATION_QUEUE,
    waitUntil,
    req,
  })
}

async function contentBase(req: PayloadRequest) {
  const [settings, base] = await Promise.all([siteSettings(req.payload, req), messageBaseUrl(req.payload, req)])
  return { settings, base }
}

export const notifyIncidentChange: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  const previous = operation === 'create' ? null : ((previousDoc?.updates ?? []) as UpdateLike[])
  const announce = !req.context?.skipNotifications && !doc.backfilled
  const event = announce ? incidentEvent(doc.id, previous, (doc.updates ?? []) as UpdateLike[]) : null
  // Resolved with nothing to announce (its update's "notify" off): its followers end now, with nothing to wait for.
  const resolvedNow = doc.status === 'resolved' && (operation === 'create' || previousDoc?.status !== 'resolved')
  if (resolvedNow && event?.kind !== 'incident_resolved') await endFollowers(req.payload, doc.id, new Date(), req)
  // A backfilled incident happened in the past: telling subscribers now would be news about nothing current.
  if (!event) return doc
  const [{ settings, base }, affected, texts] = await Promise.all([
    contentBase(req),
    serviceNames(req, doc.affectedServices),
    writtenTexts(req, 'incidents', doc.id, { update: event.updateId }),
  ])
  // What the monitoring writes waits for the alert to settle (src/notify/deliver.ts decides then).
  const settleMs = req.context?.integrationWrite ? env().INTEGRATION_SETTLE_SECONDS * 1000 : 0
  const content: NotificationContent = {
    siteName: settings.siteName,
    kind: event.kind,
    title: doc.title,
    statusLabel: INCIDENT_STATUS_LABELS[event.status as keyof typeof INCIDENT_STATUS_LABELS],
    status: event.status,
    message: event.message,
    schedule: null,
    affected,
    url: incidentPageUrl(base, doc.shortId),
    texts,
    ...(settleMs > 0 ? { settling: true } : {}),
  }
  await recordNotification(
    req,
    event,
    { incident: doc.id },
    content,
    settleMs > 0 ? new Date(Date.now() + settleMs) : undefined,
  )
  return doc
}

/**
 * The first publication of an incident's postmortem tells the incident's subscribers once, with the postmortem's
 * text (the e-mail links to the incident page, where it is shown in full).
 */
export const notifyPostmortemPublished: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (req.context?.skipNotifications || doc.backfilled) return doc
  const event = postmortemEvent(
    doc.id,
    doc.status,
    operation === 'create' ? null : previousDoc?.postmortemPublishedAt,
    doc.postmortemPublishedAt,
  )
  if (!event) return doc
  const [{ settings, base }, affected, texts] = await Promise.all([
    contentBase(req),
    serviceNames(req, doc.affectedServices),
    writtenTexts(req, 'incidents', doc.id, 'postmortem'),
  ])
  await recordNotification(
    req,
    event,
    { incident: doc.id },
    {
      texts,
      siteName: settings.siteName,
      kind: event.kind,
      title: doc.title,
      statusLabel: INCIDENT_STATUS_LABELS[doc.status as keyof typeof INCIDENT_STATUS_LABELS],
      status: doc.status,
      message: richTextToText(doc.postmortem) || null,
      schedule: null,
      affected,
      url: incidentPageUrl(base, doc.shortId),
    },
  )
  return doc
}

/** The window of `doc` (with how it repeats, for a series' announcement), and its text in the default page's way. */
function maintenanceWindow(
  doc: Maintenance,
  settings: { timeZone: string; dateFormat?: DateFormat | null },
  repeating = false,
): { window: ScheduleWindow; schedule: string } {
  const window: ScheduleWindow = {
    startAt: new Date(doc.scheduledStartAt).toISOString(),
    endAt: doc.scheduledEndAt ? new Date(doc.scheduledEndAt).toISOString() : null,
    ...(repeating && doc.recurrence && { recurrence: doc.recurrence as Recurrence }),
  }
  return { window, schedule: scheduleText(window, settings.timeZone, settings.dateFormat) }
}

/** The reminder that a maintenance starts soon, in the transaction of `req` (src/services/reminders/remind-maintenances.ts decides when). */
export async function announceMaintenanceReminder(req: PayloadRequest, doc: Maintenance, now: Date): Promise<void> {
  if (req.context?.skipNotifications) return
  const event = maintenanceReminderEvent(doc.id, doc.scheduledStartAt)
  const [{ settings, base }, affected, texts] = await Promise.all([
    contentBase(req),
    serviceNames(req, doc.affectedServices),
    writtenTexts(req, 'maintenances', doc.id, 'description'),
  ])
  await recordNotification(
    req,
    event,
    { maintenance: doc.id },
    {
      texts,
      siteName: settings.siteName,
      kind: event.kind,
      title: doc.title,
      statusLabel: `Starts ${startsIn(doc.scheduledStartAt, now)}`,
      startsInMinutes: startsInMinutes(doc.scheduledStartAt, now),
      message: richTextToText(doc.description) || null,
      ...maintenanceWindow(doc, settings),
      affected,
      url: maintenancePageUrl(base, doc.shortId),
    },
  )
}

/**
 * Queues the notification a maintenance's move from `previousStatus` (null: just created) causes, if any, in the
 * transaction of `req`. Called by src/services/maintenances/moved.ts, for saves and the clock's moves alike.
 */
export async function announceMaintenanceChange(
  req: PayloadRequest,
  doc: Maintenance,
  previousStatus: MaintenanceStatus | null,
): Promise<void> {
  if (req.context?.skipNotifications || doc.notifySubscribers === false) return
  const event = maintenanceEvent(doc.id, previousStatus, doc.status as MaintenanceStatus, doc, doc.series != null)
  if (!event) return
  const [{ settings, base }, affected, texts] = await Promise.all([
    contentBase(req),
    serviceNames(req, doc.affectedServices),
    writtenTexts(req, 'maintenances', doc.id, event.kind === 'maintenance_scheduled' ? 'description' : 'none'),
  ])
  // The announcement of a series says how it repeats: its occurrences are not announced one by one.
  const timing = maintenanceWindow(doc, settings, event.kind === 'maintenance_scheduled' && doc.series == null)
  await recordNotification(
    req,
    event,
    { maintenance: doc.id },
    {
      texts,
      siteName: settings.siteName,
      kind: event.kind,
      title: doc.title,
      statusLabel: MAINTENANCE_STATUS_LABELS[doc.status as MaintenanceStatus],
      status: doc.status,
      message: event.kind === 'maintenance_scheduled' ? richTextToText(doc.description) || null : null,
      ...timing,
      affected,
      url: maintenancePageUrl(base, doc.shortId),
    },
  )
}

/** The channels that hear of every service status change (src/domain/channels.ts). */
const SERVICE_CHANGE_CHANNELS = CHANNELS.filter((channel) => CHANNEL_RULES[channel].serviceChanges)

export interface ServiceStatusChangeFacts {
  changeId: number
  serviceId: number
  serviceName: string
  from: ServiceStatus
  to: ServiceStatus
  at: Date
}

/**
 * A service's status change, recorded in its history, is an event for the subscribers that hear of those
 * (webhooks: Statuspage's component update), in the transaction of `req`. With none subscribed, nothing is queued:
 * every status change of a site without webhooks would otherwise leave a notification that reaches nobody.
 */
export async function announceServiceStatusChange(
  req: PayloadRequest,
  change: ServiceStatusChangeFacts,
): Promise<void> {
  if (req.context?.skipNotifications) return
  const listeners = await req.payload.count({
    collection: 'subscribers',
    where: {
      and: [
        { type: { in: SERVICE_CHANGE_CHANNELS } },
        { verified: { equals: true } },
        { active: { equals: true } },
        { quarantinedAt: { exists: false } },
      ],
    },
    overrideAccess: true,
    req,
  })
  if (listeners.totalDocs === 0) return
  const { settings, base } = await contentBase(req)
  const event: NotificationEvent = {
    kind: 'service_status_changed',
    eventKey: `service:${change.serviceId}:change:${change.changeId}`,
    status: change.to,
    message: null,
  }
  await recordNotification(
    req,
    event,
    {},
    {
      siteName: settings.siteName,
      kind: event.kind,
      title: change.serviceName,
      statusLabel: `${SERVICE_STATUS_LABELS[change.to]} (was ${SERVICE_STATUS_LABELS[change.from]})`,
      message: null,
      schedule: null,
      affected: [change.serviceName],
      url: base,
      change: {
        changeId: change.changeId,
        serviceId: change.serviceId,
        from: change.from,
        to: change.to,
        at: change.at.toISOString(),
      },
    },
  )
}
