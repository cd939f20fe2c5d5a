/**
 * One subscription channel, as the delivery job, the confirmation job and the subscribe endpoints use it. Each
 * channel is one adapter in the table of src/notify/adapters/index.ts, keyed by subscriber type.
 */
import type { Payload } from 'payload'

import type { Env } from '@/config/env'
import type { AnyLocale } from '@/domain/locales'
import type { Notification, Subscriber } from '@/payload-types'
import type { EmailLogo, NotificationContent } from '../content'

/** Whose confirmation it is: the subscriber's page. */
export interface ConfirmationFrom {
  siteName: string
  link: string
  /** The name of the subscriber's page when it is not the default one (an e-mail's sender name). */
  senderName?: string
  /** The page's logo (else the default page's), at an absolute address. */
  logo?: EmailLogo
  /** What the confirmation is in: the subscriber's language (src/notify/language.ts). */
  locale: AnyLocale
  /** The title of the one incident the subscription follows (in `locale`), which the confirmation names. */
  incident?: string
}

/** What the delivery job hands an adapter for one claimed delivery. */
export interface Outgoing {
  payload: Payload
  notification: Notification
  content: NotificationContent
  deliveryId: number
  /** The address recorded on the delivery row when it was queued. */
  address: string
  /** The subscriber as it is now, with its hidden fields. */
  subscriber: Subscriber
  unsubscribeUrl: string
  /** The subscriber's page: change services or leave (the links in messages lead there). */
  manageUrl: string
  /** The site's host name, for message ids. */
  host: string
  /** The name of the subscriber's page when it is not the default one (docs/pages.md): the e-mail's sender name. */
  senderName?: string
  /** The clock of the run (tests inject theirs): signatures' timestamps, generated_at. */
  now: Date
  /** What the message's fixed texts are in: the subscriber's language (src/notify/language.ts). */
  locale: AnyLocale
  /** An administrator's test delivery: no event behind it (src/notify/test-delivery.ts). */
  test?: boolean
  /** The subscription follows the notification's one incident (and ends with it), and its message says so. */
  following?: boolean
}

export interface ChannelAdapter<Config = unknown> {
  /** The address a delivery records, or null when the subscriber has none for this channel. */
  address(subscriber: Pick<Subscriber, 'email' | 'phone' | 'url'>): string | null
  /** The channel's settings; throws ChannelNotConfigured (src/notify/email.ts) when they are incomplete. */
  config(payload: Payload, settings: Env): Promise<Config>
  /** Sends one notification; throws SendFailure (or ChannelNotConfigured) when it did not go out. */
  send(config: Config, message: Outgoing): Promise<void>
  /** Sends the double opt-in message with the confirmation link; false when the subscriber has no address. */
  confirm(payload: Payload, subscriber: Subscriber, from: ConfirmationFrom): Promise<boolean>
  /** The settings page's "Send a test message" (src/notify/test-message.ts), for a channel whose settings it has. */
  test?: SettingsTest<Config>
}

export interface SettingsTest<Config = unknown> {
  /** Whom the test goes to: the `to` typed in (or a default), else the problem with it, said to the administrator. */
  recipient(given: string, user: { email?: unknown } | null): string | { problem: string }
  send(
    config: Config,
    to: string,
    message: { siteName: string; text: string },
    logger: Payload['logger'],
  ): Promise<void>
}

/** Lets the table hold adapters of different settings types: each is only ever given what its own config made. */
export const defineChannel = <Config>(adapter: ChannelAdapter<Config>): ChannelAdapter => adapter as ChannelAdapter
