import { and, eq, isNull } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { connectionFor, tableOf } from '@/db/sql'
import { ACTIVE_INCIDENT_STATUSES } from '@/domain/incident-status'
import { incidentPageUrl } from '@/domain/page-address'
import { incidentReminderDue } from '@/domain/reminders'
import type { IncidentStatus } from '@/domain/statuses'
import { ChannelNotConfigured, emailConfig, sendEmail } from '@/notify/email'
import { renderIncidentReminderEmail } from '@/notify/messages'
import { messageBaseUrl } from '@/settings/base-url'
import { siteSettings } from '@/settings/site-settings'

import { reminderSettings } from './internal'

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
