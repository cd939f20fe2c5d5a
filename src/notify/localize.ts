/**
 * A notification's content in a reader's language (docs/languages.md). The event snapshots its status in English for
 * the admin area (src/notify/events.ts) and keeps what it says beside it: the status itself, a reminder's lead, a
 * service's change, the maintenance's window. Each subscriber's copy says those in their language; a row queued
 * before they were kept says what it said.
 */
import type { DateFormat } from '@/domain/date-format'
import { contentLanguage, pickLanguage } from '@/domain/content-language'
import type { AnyLocale, Locale } from '@/domain/locales'
import { startsInUnits } from '@/domain/reminders'
import { INCIDENT_STATUSES, isOneOf, MAINTENANCE_STATUSES } from '@/domain/statuses'
import { incidentStatusLabel, maintenanceStatusLabel, serviceStatusLabel } from '@/i18n/statuses'
import { type Translate, translator } from '@/i18n/translate'

import type { NotificationContent } from './content'
import { scheduleText } from './schedule'

/** The status line of a notification ("Investigating", "Starts in 1 hour", "Major outage (was Operational)"). */
export function statusLabelIn(content: NotificationContent, t: Translate): string {
  const { change, startsInMinutes, status, kind } = content
  if (change)
    return t('notify.status.serviceChange', {
      to: serviceStatusLabel(t, change.to),
      from: serviceStatusLabel(t, change.from),
    })
  if (kind === 'maintenance_reminder' && typeof startsInMinutes === 'number') {
    const lead = startsInUnits(startsInMinutes)
    return 'minutes' in lead
      ? t('notify.status.startsInMinutes', { minutes: lead.minutes })
      : t('notify.status.startsInHours', { hours: lead.hours })
  }
  if (kind.startsWith('incident_') && isOneOf(INCIDENT_STATUSES, status)) return incidentStatusLabel(t, status)
  if (kind.startsWith('maintenance_') && isOneOf(MAINTENANCE_STATUSES, status)) return maintenanceStatusLabel(t, status)
  return content.statusLabel
}

/** `content` as a reader of `locale` on a page of this zone, date format and default language reads it. */
export function localizedContent(
  content: NotificationContent,
  locale: AnyLocale,
  page: { timeZone: string; dateFormat: DateFormat | null; language: Locale },
): NotificationContent {
  // What people wrote, in the reader's language where they wrote it, else as the pages fall back.
  const language = contentLanguage(locale, page.language)
  const written = (field: 'title' | 'message') =>
    content.texts &&
    pickLanguage(Object.fromEntries(Object.entries(content.texts).map(([l, texts]) => [l, texts?.[field]])), language)
  return {
    ...content,
    title: written('title')?.value ?? content.title,
    message: content.message === null ? null : (written('message')?.value ?? content.message),
    statusLabel: statusLabelIn(content, translator(locale)),
    // A maintenance's window in the page's zone and date format (a row queued before windows were kept: as it was).
    schedule: content.window ? scheduleText(content.window, page.timeZone, page.dateFormat, locale) : content.schedule,
  }
}
