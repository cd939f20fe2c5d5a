import { and, eq, isNull, ne, or } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { connectionFor, tableOf } from '@/db/sql'
import { inTransaction } from '@/db/transaction'
import { maintenanceReminderDue, type MaintenanceReminderChoice, type ReminderLead } from '@/domain/reminders'
import type { MaintenanceStatus } from '@/domain/statuses'
import { announceMaintenanceReminder } from '@/notify/events'

import { reminderSettings } from './internal'

const DAY_MS = 86_400_000

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
