/**
 * Recording how a webhook or chat endpoint answers (src/domain/endpoint-health.ts): the subscriber's failingSince
 * and quarantinedAt, shown in the admin area, and the notice to its contact e-mail when it is quarantined.
 */
import type { Payload } from 'payload'

import { healthAfter } from '@/domain/endpoint-health'
import type { Subscriber } from '@/payload-types'
import { relationId } from '@/db/relation-id'
import { translator } from '@/i18n/translate'
import { messagePage } from '@/settings/base-url'
import { siteSettings } from '@/settings/site-settings'

import { urlAddress } from './adapters/url'
import { emailConfig, sendEmail } from './email'
import { subscriberLocale } from './language'
import { renderQuarantineEmail } from './messages'

const dateOrNull = (value: string | null | undefined) => (value ? new Date(value) : null)

export async function recordEndpointOutcome(
  payload: Payload,
  subscriber: Subscriber,
  succeeded: boolean,
  now: Date,
  reason?: string,
): Promise<void> {
  const before = {
    failingSince: dateOrNull(subscriber.failingSince),
    quarantinedAt: dateOrNull(subscriber.quarantinedAt),
  }
  const after = healthAfter(before, succeeded, now)
  if (
    after.failingSince?.getTime() === before.failingSince?.getTime() &&
    after.quarantinedAt?.getTime() === before.quarantinedAt?.getTime()
  )
    return
  await payload.update({
    collection: 'subscribers',
    id: subscriber.id,
    data: {
      failingSince: after.failingSince?.toISOString() ?? null,
      quarantinedAt: after.quarantinedAt?.toISOString() ?? null,
    },
    overrideAccess: true,
    depth: 0,
  })
  subscriber.failingSince = after.failingSince?.toISOString() ?? null
  subscriber.quarantinedAt = after.quarantinedAt?.toISOString() ?? null
  if (after.quarantinedNow) {
    payload.logger.warn({
      msg: `Subscriber ${subscriber.id} quarantined: its endpoint has failed since ${before.failingSince?.toISOString()}`,
    })
    if (subscriber.contactEmail) await sendQuarantineNotice(payload, subscriber, subscriber.contactEmail, reason)
  }
}

/**
 * The notice is a courtesy: when it cannot be sent, the quarantine still shows in the admin area. It is in the
 * subscriber's language; the failure's reason is the fixed text the deliveries record (in English, as the admin's).
 */
async function sendQuarantineNotice(
  payload: Payload,
  subscriber: Subscriber,
  to: string,
  reason: string | undefined,
): Promise<void> {
  try {
    const [{ siteName }, page] = await Promise.all([
      siteSettings(payload),
      messagePage(payload, relationId(subscriber.page)),
    ])
    const locale = subscriberLocale(subscriber, page.language)
    const t = translator(locale)
    const endpoint = urlAddress(subscriber) ?? t('notify.webhook.addressGiven')
    const mail = renderQuarantineEmail(siteName, endpoint, reason ?? t('notify.quarantine.notAccepted'), locale)
    await sendEmail(await emailConfig(payload), { to, ...mail }, payload.logger)
  } catch (error) {
    payload.logger.warn({ msg: `Quarantine notice not sent: ${(error as Error).message}` })
  }
}
