/**
 * Reminders: subscribers hear of a maintenance again shortly before it starts, and editors hear of an open
 * incident nobody has updated for a while. Pure rules; src/services/reminders/remind-*.ts run them on the clock.
 */
import { newestUpdate } from './incident-status'
import type { IncidentStatus, MaintenanceStatus } from './statuses'

export const REMINDER_LEADS = ['none', '1h', '24h'] as const
export type ReminderLead = (typeof REMINDER_LEADS)[number]
export const REMINDER_LEAD_LABELS: Record<ReminderLead, string> = {
  none: 'No reminder',
  '1h': '1 hour before',
  '24h': '24 hours before',
}

/** A maintenance's own choice, or the site's default. */
export const MAINTENANCE_REMINDER_CHOICES = ['default', ...REMINDER_LEADS] as const
export type MaintenanceReminderChoice = (typeof MAINTENANCE_REMINDER_CHOICES)[number]

const LEAD_MS: Record<ReminderLead, number | null> = { none: null, '1h': 3_600_000, '24h': 86_400_000 }

export interface RemindableMaintenance {
  status: MaintenanceStatus
  scheduledStartAt: string | Date
  createdAt: string | Date
  notifySubscribers?: boolean | null
  remindBefore?: MaintenanceReminderChoice | null
  /** The start a reminder was already sent for. */
  remindedFor?: string | Date | null
}

const ms = (value: string | Date) => new Date(value).getTime()

/** How long before its start this maintenance's reminder goes out, or null for none. */
export function reminderLeadMs(
  choice: MaintenanceReminderChoice | null | undefined,
  siteDefault: ReminderLead,
): number | null {
  return LEAD_MS[!choice || choice === 'default' ? siteDefault : choice]
}

/**
 * Whether the maintenance's reminder is due at `now`: upcoming, its subscribers told, inside the lead before its
 * start, not yet reminded for this start, and scheduled before the lead began (a maintenance announced 20 minutes
 * ahead was just announced: a reminder then is noise).
 */
export function maintenanceReminderDue(m: RemindableMaintenance, siteDefault: ReminderLead, now: Date): boolean {
  const lead = reminderLeadMs(m.remindBefore, siteDefault)
  if (lead === null || m.status !== 'upcoming' || m.notifySubscribers === false) return false
  const start = ms(m.scheduledStartAt)
  const remindAt = start - lead
  if (now.getTime() < remindAt || now.getTime() >= start) return false
  if (ms(m.createdAt) > remindAt) return false
  return !m.remindedFor || ms(m.remindedFor) !== start
}

/** The minutes from `now` to `start` (at least one): the lead a reminder says. */
export const startsInMinutes = (start: string | Date, now: Date): number =>
  Math.max(1, Math.round((ms(start) - now.getTime()) / 60_000))

/** How a lead is said: in minutes below an hour and a half, else in whole hours. */
export const startsInUnits = (minutes: number): { minutes: number } | { hours: number } =>
  minutes < 90 ? { minutes } : { hours: Math.round(minutes / 60) }

/** "in 1 hour", "in 24 hours": the lead as a subscriber reads it. */
export function startsIn(start: string | Date, now: Date): string {
  const lead = startsInUnits(startsInMinutes(start, now))
  if ('minutes' in lead) return `in ${lead.minutes} minute${lead.minutes === 1 ? '' : 's'}`
  return `in ${lead.hours} hours`
}

export interface QuietIncident {
  status: IncidentStatus
  createdAt: string | Date
  updates?: { status: IncidentStatus; message: string; createdAt?: string | Date | null }[] | null
  /** When editors were last reminded about it. */
  reminderSentAt?: string | Date | null
}

/**
 * Whether editors should be reminded of an open incident at `now`: nothing happened to it (no update, no
 * reminder) for `hours`. So a silent incident reminds every `hours` until somebody writes; 0 hours: never.
 */
export function incidentReminderDue(incident: QuietIncident, hours: number, now: Date): boolean {
  if (!(hours > 0) || incident.status === 'resolved') return false
  const updates = (incident.updates ?? []).map((u) => ({ ...u, createdAt: u.createdAt ?? incident.createdAt }))
  const lastUpdate = newestUpdate(updates)?.createdAt ?? incident.createdAt
  const lastEvent = Math.max(ms(lastUpdate), incident.reminderSentAt ? ms(incident.reminderSentAt) : 0)
  return now.getTime() - lastEvent >= hours * 3_600_000
}
