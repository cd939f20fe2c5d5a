/**
 * Reminders on the clock: a maintenance's reminder to subscribers shortly before it starts (through the
 * notification outbox, so it is delivered like every other notice), and an e-mail to editors about an open
 * incident nobody has updated for a while. Each is claimed with a conditional write first (`reminded_for`,
 * `reminder_sent_at`), so two instances, or two ticks, remind once.
 */
import type { Payload } from 'payload'

import type { ReminderLead } from '@/domain/reminders'

/** The settings' reminder choices: the maintenance reminder's lead and the hours an open incident may stay quiet. */
export async function reminderSettings(payload: Payload): Promise<{ lead: ReminderLead; hours: number }> {
  const settings = await payload.findGlobal({
    slug: 'settings',
    select: { maintenanceReminder: true, incidentReminderHours: true },
    overrideAccess: true,
    depth: 0,
  })
  return { lead: (settings.maintenanceReminder ?? '1h') as ReminderLead, hours: settings.incidentReminderHours ?? 4 }
}
