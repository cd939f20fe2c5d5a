/**
 * The `sendConfirmation` job: the double opt-in message with the subscriber's confirmation link, sent by the
 * subscriber's channel (src/notify/adapters/).
 * It checks the subscriber again when it runs: one confirmed or gone in the meantime gets nothing. It claims the
 * confirmation before sending (src/notify/confirmation-claim.ts), so it is sent at most once however often the job
 * runs. A webhook subscribed again by somebody with another contact address also has its former contact told, once
 * the confirmation is out.
 */
import type { Payload, TaskConfig } from 'payload'

import { relationId } from '@/db/relation-id'
import type { Locale } from '@/domain/locales'
import { translator } from '@/i18n/translate'
import { REVEAL_SECRETS } from '@/fields/secret'
import { messagePage } from '@/settings/base-url'
import { siteSettings } from '@/settings/site-settings'

import { channelAdapter } from './adapters'
import { urlAddress } from './adapters/url'
import { claimConfirmation, releaseConfirmation } from './confirmation-claim'
import { ChannelNotConfigured, emailConfig, SendFailure, sendEmail } from './email'
import { confirmationLocale, localeBase } from './language'
import { confirmUrl } from './links'
import { renderWebhookTakenOverEmail } from './messages'
import { SEND_CONFIRMATION_TASK } from './queue'
import { sendingDisabledReason } from './sending-allowed'
import { reportingFailure } from './task-failure'

interface ConfirmationJob {
  subscriber: number
  /** The subscriber's `confirmationRequestedAt` when the job was queued: the request this job answers. */
  requestedAt?: string | null
  /** The contact address a returning webhook had before somebody subscribed it again with another. */
  formerContact?: string | null
}

export async function sendConfirmation(payload: Payload, job: ConfirmationJob): Promise<boolean> {
  const subscriberId = job.subscriber
  // With its signing secret: a webhook's confirmation is where its owner learns it (src/notify/adapters/webhook.ts).
  const subscriber = await payload.findByID({
    collection: 'subscribers',
    id: subscriberId,
    depth: 0,
    overrideAccess: true,
    showHiddenFields: true,
    disableErrors: true,
    context: REVEAL_SECRETS,
  })
  if (!subscriber || !subscriber.active || subscriber.verified || !subscriber.verificationToken) return false
  const disabled = sendingDisabledReason()
  if (disabled) {
    payload.logger.info({ msg: `Confirmation for subscriber ${subscriberId} not sent: ${disabled}` })
    return false
  }
  // A job queued before requests were stamped on it answers the subscriber's latest request.
  const request = job.requestedAt ?? subscriber.confirmationRequestedAt ?? subscriber.createdAt
  if (!(await claimConfirmation(payload, subscriberId, request))) return false
  const [settings, page] = await Promise.all([siteSettings(payload), messagePage(payload, relationId(subscriber.page))])
  const siteName = page.name ?? settings.siteName
  // In the language it was asked in, and its link under the language's prefix (`/de/verify/<token>`) unless the page's.
  const locale = confirmationLocale(subscriber)
  const link = confirmUrl(localeBase(page.base, locale, page.language), subscriber.verificationToken)
  const incident = await followedTitle(payload, relationId(subscriber.incident), locale)
  try {
    const adapter = channelAdapter(subscriber.type)
    const confirmed = await adapter.confirm(payload, subscriber, {
      siteName,
      link,
      senderName: page.name ?? undefined,
      logo: page.logo ?? undefined,
      locale,
      ...(incident ? { incident } : {}),
    })
    if (!confirmed) return false
  } catch (error) {
    const uncertain = error instanceof SendFailure && error.certainty === 'uncertain'
    // Sent perhaps: the claim stays, so nobody sends it again. Certainly not sent: the retry may claim it.
    if (!uncertain) await releaseConfirmation(payload, subscriberId, request)
    // What the admin shows on the subscriber and counts on the dashboard: the fixed text, never the server's words.
    if (error instanceof SendFailure || error instanceof ChannelNotConfigured)
      await recordConfirmation(payload, subscriberId, {
        confirmationError: error.message.slice(0, 500),
        confirmationFailedAt: new Date().toISOString(),
      })
    // Sent perhaps: running the job again could send it twice. The subscriber can ask again.
    if (uncertain) {
      payload.logger.warn({ msg: `Confirmation for subscriber ${subscriberId}: ${error.message}` })
      return false
    }
    throw error
  }
  // Stamped only now: "Confirmation Sent At" on a subscriber means the server took the message.
  await recordConfirmation(payload, subscriberId, {
    confirmationSentAt: new Date().toISOString(),
    confirmationError: null,
    confirmationFailedAt: null,
  })
  if (job.formerContact) await tellFormerContact(payload, job.formerContact, urlAddress(subscriber), siteName, locale)
  return true
}

/** The title of the incident a follower follows, in `locale` (else the default language's), which its confirmation names. */
async function followedTitle(payload: Payload, incidentId: number | null, locale: Locale): Promise<string | null> {
  if (incidentId === null) return null
  const incident = await payload.findByID({
    collection: 'incidents',
    id: incidentId,
    select: { title: true },
    locale,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })
  return incident?.title ?? null
}

/** A courtesy, as the quarantine notice is: when it cannot be sent, the confirmation stands. */
async function tellFormerContact(
  payload: Payload,
  to: string,
  endpoint: string | null,
  siteName: string,
  locale: Locale,
) {
  try {
    const given = translator(locale)('notify.webhook.addressGiven')
    const message = renderWebhookTakenOverEmail(siteName, endpoint ?? given, locale)
    await sendEmail(await emailConfig(payload), { to, ...message }, payload.logger)
  } catch (error) {
    payload.logger.warn({ msg: `Notice to a webhook's former contact not sent: ${(error as Error).message}` })
  }
}

async function recordConfirmation(payload: Payload, id: number, data: Record<string, string | null>): Promise<void> {
  await payload.update({ collection: 'subscribers', id, data, overrideAccess: true, depth: 0 })
}

export const sendConfirmationTask: TaskConfig<'sendConfirmation'> = {
  slug: SEND_CONFIRMATION_TASK,
  label: 'Send a subscription confirmation',
  inputSchema: [
    { name: 'subscriber', type: 'number', required: true },
    { name: 'requestedAt', type: 'text' },
    { name: 'formerContact', type: 'text' },
  ],
  outputSchema: [{ name: 'sent', type: 'checkbox', required: true }],
  // A mail server that is down now may be up in a minute; the subscriber can also ask again.
  retries: { attempts: 5, backoff: { type: 'exponential', delay: 10_000 } },
  handler: async ({ input, req }) => ({
    output: {
      sent: await reportingFailure(req.payload, `Confirmation for subscriber ${input.subscriber}`, () =>
        sendConfirmation(req.payload, input),
      ),
    },
  }),
}
