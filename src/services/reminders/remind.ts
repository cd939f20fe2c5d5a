/**
 * Reminders on the clock: a maintenance's reminder to subscribers shortly before it starts (through the
 * notification outbox, so it is delivered like every other notice), and an e-mail to editors about an open
 * incident nobody has updated for a while. Each is claimed with a conditional write first (`reminded_for`,
 * `reminder_sent_at`), so two instances, or two ticks, remind once.
 */
import { and, eq, isNull, ne, or } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { connectionFor, tableOf } from '@/db/sql'
import { inTransaction } from '@/db/transaction'
import { incidentPageUrl } from '@/domain/page-address'
import { ACTIVE_INCIDENT_STATUSES } from '@/domain/incident-status'
import {
  incidentReminderDue,
  maintenanceReminderDue,
  type MaintenanceReminderChoice,
  type ReminderLead,
} from '@/domain/reminders'
import type { IncidentStatus, MaintenanceStatus } from '@/domain/statuses'
import { ChannelNotConfigured, emailConfig, sendEmail } from '@/notify/email'
import { announceMaintenanceReminder } from '@/notify/events'
import { renderIncidentReminderEmail } from '@/notify/messages'
import { messageBaseUrl } from '@/settings/base-url'
import { siteSettings } from '@/settings/site-settings'

const DAY_MS = 86_400_000

export async function reminderSettings(payload: Payload): Promise<{ lead: ReminderLead; hours: number }> {
  const settings = await payload.findGlobal({
    slug: 'settings',
    select: { maintenanceReminder: true, incidentReminderHours: true },
    overrideAccess: true,
    depth: 0,
  })
  return { lead: (settings.maintenanceReminder ?? '1h') as ReminderLead, hours: settings.incidentReminderHours ?? 4 }
}

/** Claims and announces each maintenance whose reminder is due; returns how many were announced. */
export async function remindMaintenances(payload: Payload, now = new Date(), lead?: ReminderLead): Promise<number> {
  const siteDefault = lead ?? (await reminderSettings(payload)).lead
  const { docs } = await payload.find({
    collection: 'maintenances',
    where: {
      and: [
        { draft: { not_equals: true } },
        { status: { equals: 'upcoming' } },
        { scheduledStartAt: { greater_than: now.toISOString() } },
        { scheduledStartAt: { less_than_equal: new Date(now.getTime() + DAY_MS).toISOString() } },
      ],
    },
    select: {
      status: true,
      scheduledStartAt: true,
      createdAt: true,
      notifySubscribers: true,
      remindBefore: true,
      remindedFor: true,
    },
    showHiddenFields: true,
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  let announced = 0
  for (const doc of docs) {
    const due = maintenanceReminderDue(
      {
        ...doc,
        status: doc.status as MaintenanceStatus,
        remindBefore: doc.remindBefore as MaintenanceReminderChoice | null,
      },
      siteDefault,
      now,
    )
    if (!due) continue
    const start = new Date(doc.scheduledStartAt).toISOString()
    try {
      await inTransaction(payload, async (req) => {
        const db = await connectionFor(payload, req)
        const t = tableOf(payload, 'maintenances')
        const claimed: { id: number }[] = await db
          .update(t)
          .set({ remindedFor: start })
          .where(and(eq(t.id, doc.id), eq(t.status, 'upcoming'), or(isNull(t.remindedFor), ne(t.remindedFor, start))))
          .returning({ id: t.id })
        if (claimed.length > 0) {
          const full = await payload.findByID({
            collection: 'maintenances',
            id: doc.id,
            depth: 0,
            overrideAccess: true,
            req,
          })
          await announceMaintenanceReminder(req, full, now)
          announced += 1
        }
      })
    } catch (error) {
      payload.logger.error({ err: error, msg: `Could not queue the reminder of maintenance ${doc.id}` })
    }
  }
  return announced
}

/** Claims each open incident that has been quiet too long and e-mails the editors and admins; returns how many. */
export async function remindQuietIncidents(payload: Payload, now = new Date(), hours?: number): Promise<number> {
  const quietHours = hours ?? (await reminderSettings(payload)).hours
  if (!(quietHours > 0)) return 0
  const { docs } = await payload.find({
    collection: 'incidents',
    where: { and: [{ draft: { not_equals: true } }, { status: { in: [...ACTIVE_INCIDENT_STATUSES] } }] },
    select: { title: true, shortId: true, status: true, createdAt: true, updates: true, reminderSentAt: true },
    showHiddenFields: true,
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  const due = docs.filter((doc) =>
    incidentReminderDue({ ...doc, status: doc.status as IncidentStatus }, quietHours, now),
  )
  if (due.length === 0) return 0
  let config
  try {
    config = await emailConfig(payload)
  } catch (error) {
    if (error instanceof ChannelNotConfigured) return 0
    throw error
  }
  const [editors, settings, base] = await Promise.all([
    payload.find({
      collection: 'users',
      where: { role: { in: ['admin', 'editor'] } },
      select: { email: true },
      pagination: false,
      depth: 0,
      overrideAccess: true,
    }),
    siteSettings(payload),
    messageBaseUrl(payload),
  ])
  const db = await connectionFor(payload)
  const t = tableOf(payload, 'incidents')
  let reminded = 0
  for (const doc of due) {
    const read = doc.reminderSentAt ? new Date(doc.reminderSentAt).toISOString() : null
    const claimed: { id: number }[] = await db
      .update(t)
      .set({ reminderSentAt: now.toISOString() })
      .where(and(eq(t.id, doc.id), read === null ? isNull(t.reminderSentAt) : eq(t.reminderSentAt, read)))
      .returning({ id: t.id })
    if (claimed.length === 0) continue
    reminded += 1
    const mail = renderIncidentReminderEmail(
      settings.siteName,
      doc.title,
      quietHours,
      `${base}/admin/collections/incidents/${doc.id}`,
      incidentPageUrl(base, doc.shortId),
    )
    for (const user of editors.docs) {
      await sendEmail(config, { to: user.email, ...mail }, payload.logger).catch((error: unknown) =>
        payload.logger.warn({ err: error, msg: `The quiet-incident reminder to an editor was not sent` }),
      )
    }
  }
  return reminded
}
