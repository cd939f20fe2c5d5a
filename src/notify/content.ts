/**
 * What a notification says, as the event snapshots it when it happens (src/notify/events.ts): the one shape every
 * message is rendered from, e-mail, SMS, chat and webhook alike. Types only, so the renderers share it without
 * importing each other.
 */
import type { NotificationKind } from '@/domain/notifications'
import type { ServiceStatus } from '@/domain/statuses'

import type { ScheduleWindow } from './schedule'

export interface NotificationContent {
  siteName: string
  kind: NotificationKind
  title: string
  /** The status in English, as the admin area shows it (src/notify/localize.ts says it in the reader's language). */
  statusLabel: string
  /** The incident's or maintenance's status behind `statusLabel` (absent on rows queued before languages). */
  status?: string
  /** A maintenance reminder's lead, in minutes ("Starts in 1 hour"). */
  startsInMinutes?: number
  /** The update's message, or the maintenance's description. */
  message: string | null
  /** The maintenance window, in the default page's time zone and date format. */
  schedule: string | null
  /** The window itself, so that each page's messages say it in that page's zone and format (src/notify/schedule.ts). */
  window?: ScheduleWindow
  affected: string[]
  /** The public page of the incident or maintenance (of the status page, for a service's change). */
  url: string
  /** Written by a monitoring integration: held for the settle time, then sent only if still worth saying. */
  settling?: boolean
  /** A service's status change (kind service_status_changed): what the webhook's component_update says. */
  change?: ServiceChangeContent
  /**
   * The page a subscriber follows, when it is not the default one (docs/pages.md): set on the copy each page's
   * subscribers are sent (src/notify/deliver.ts), never stored.
   */
  pageId?: number
  /** The logo of the subscriber's page (else the default page's), absolute: set on the copy sent, never stored. */
  logo?: EmailLogo
  /** The title and message in each language they were written in (src/notify/written-texts.ts). */
  texts?: WrittenTexts
}

/** Per language: the title and the message people wrote in it. */
export type WrittenTexts = Partial<Record<string, { title?: string; message?: string }>>

/** A page's logo as an e-mail shows it: an absolute address (the e-mail is read far from the site) and its alt text. */
export interface EmailLogo {
  url: string
  alt: string
}

/** What a service status change carries in its notification's content (src/notify/events.ts). */
export interface ServiceChangeContent {
  changeId: number
  serviceId: number
  from: ServiceStatus
  to: ServiceStatus
  at: string
}
