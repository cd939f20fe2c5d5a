/**
 * Webhooks: Statuspage's webhook shapes (src/notify/statuspage-webhook.ts), signed as Standard Webhooks says
 * (src/domain/webhook-signature.ts). The `webhook-id` is the delivery's: the same on every retry of one delivery, so
 * a receiver can tell a retry from a new event. Confirmation and failure notices go to the contact e-mail; a
 * visitor's webhook learns its signing secret from its confirmation e-mail (an administrator's, from the answer to
 * the save that created it).
 */
import { isSigningSecret, signWebhook } from '@/domain/webhook-signature'
import { translator } from '@/i18n/translate'
import { emailConfig, SendFailure, sendEmail } from '../email'
import { renderWebhookConfirmationEmail } from '../messages'
import { statuspageWebhookBody } from '../statuspage-webhook'

import { defineChannel } from './types'
import { noSettings, sendToUrl, urlAddress } from './url'

export const webhookChannel = defineChannel({
  address: urlAddress,
  config: noSettings,
  send: async (_config, out) => {
    const secret = out.subscriber.signingSecret
    if (!isSigningSecret(secret))
      throw new SendFailure('The webhook has no signing secret; generate one in the admin area.', true)
    const body = out.test
      ? {
          meta: {
            unsubscribe: out.unsubscribeUrl,
            documentation: out.content.url,
            generated_at: out.now.toISOString(),
          },
          test: { message: out.content.message },
        }
      : await statuspageWebhookBody(out.payload, out.notification, out.content, out.unsubscribeUrl, out.now)
    if (!body) throw new SendFailure('What this notification is about was deleted before it was sent.', true)
    const text = JSON.stringify(body)
    const id = out.test ? `msg_test_${out.deliveryId}` : `msg_${out.deliveryId}`
    await sendToUrl(out, text, { ...signWebhook(secret, id, out.now, text) })
  },
  confirm: async (payload, subscriber, { siteName, link, locale }) => {
    if (!subscriber.contactEmail) return false
    const mail = renderWebhookConfirmationEmail(
      siteName,
      link,
      urlAddress(subscriber) ?? translator(locale)('notify.webhook.yourEndpoint'),
      subscriber.signingSecret ?? '',
      locale,
    )
    await sendEmail(await emailConfig(payload), { to: subscriber.contactEmail, ...mail }, payload.logger)
    return true
  },
})
