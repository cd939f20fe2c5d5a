/** The e-mail channel: the notification as text and HTML mail with a one-click unsubscribe. */
import { isEmailAddress } from '@/domain/contact'
import { emailConfig, sendEmail } from '../email'
import { renderConfirmationEmail, renderNotificationEmail } from '../messages'

import { defineChannel } from './types'

/**
 * The configured sender's address under a page's name (docs/pages.md), or nothing (the configured sender as it is).
 * The configured sender may carry a display name of its own (`Status <status@example.com>`).
 */
const sentAs = (from: string, senderName: string | undefined) =>
  senderName ? { from: { name: senderName, address: /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim() } } : {}

export const emailChannel = defineChannel({
  address: (subscriber) => subscriber.email ?? null,
  config: (payload, settings) => emailConfig(payload, settings),
  send: (config, out) =>
    sendEmail(
      config,
      {
        to: out.address,
        ...sentAs(config.from, out.senderName),
        ...renderNotificationEmail(out.content, out.unsubscribeUrl, out.manageUrl, out.locale, out.following),
        // RFC 2369 and RFC 8058: mail clients offer a one-click unsubscribe that POSTs to this address.
        headers: {
          'List-Unsubscribe': `<${out.unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
        messageId: `<notification-${out.notification.id}.delivery-${out.deliveryId}@${out.host}>`,
      },
      out.payload.logger,
    ),
  confirm: async (payload, subscriber, { siteName, link, senderName, logo, locale, incident }) => {
    if (!subscriber.email) return false
    const config = await emailConfig(payload)
    await sendEmail(
      config,
      {
        to: subscriber.email,
        ...sentAs(config.from, senderName),
        ...renderConfirmationEmail(siteName, link, logo, locale, incident),
      },
      payload.logger,
    )
    return true
  },
  test: {
    // Without one typed in, the test goes to the administrator who asked.
    recipient: (given, user) => {
      const to = given || String(user?.email ?? '')
      return isEmailAddress(to) ? to : { problem: 'to: give a valid e-mail address' }
    },
    send: (config, to, { siteName, text }, logger) => {
      const html = `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`
      return sendEmail(config, { to, subject: `Test message from ${siteName}`, text, html }, logger)
    },
  },
})
