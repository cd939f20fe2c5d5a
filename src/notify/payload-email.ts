/**
 * Payload's own e-mail (the password reset) goes out through the same pooled SMTP transport as the notifications,
 * configured the same way (SMTP_URL, else the E-mail settings), so "Forgot password" sends what it says it sent.
 * Without a configured transport, or in demo mode, nothing is sent and one line says why.
 */
import type { EmailAdapter } from 'payload'

import { env } from '@/config/env'
import { describeFailure } from '@/net/outbound-url'

import { ChannelNotConfigured, emailConfig, transporterFor } from './email'
import { sendingDisabledReason } from './sending-allowed'

export const smtpEmailAdapter: EmailAdapter = ({ payload }) => ({
  name: 'statuspage-smtp',
  defaultFromAddress: env().SMTP_FROM || 'status@localhost',
  defaultFromName: 'Status page',
  sendEmail: async (message) => {
    const disabled = sendingDisabledReason()
    if (disabled) {
      payload.logger.warn(`E-mail "${String(message.subject)}" not sent. ${disabled}`)
      return
    }
    let config
    try {
      config = await emailConfig(payload)
    } catch (error) {
      if (!(error instanceof ChannelNotConfigured)) throw error
      payload.logger.warn(`E-mail "${String(message.subject)}" not sent. ${error.message}`)
      return
    }
    // Not awaited: whether and how fast the SMTP server answers must not show in the answer to "forgot password"
    // (only known addresses get a mail), and a server that is down is a warning, not a failed request. The sender
    // is the configured one: Payload's default ("Status page" <SMTP_FROM>) may predate the settings.
    transporterFor(config)
      .sendMail({ ...message, from: config.from, replyTo: config.replyTo ?? message.replyTo })
      .catch((error: unknown) =>
        payload.logger.warn(`E-mail "${String(message.subject)}" not sent: ${describeFailure(error)}`),
      )
  },
})
