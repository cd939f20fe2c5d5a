/** The SMS channel: a short text through the Twilio-compatible provider of the SMS settings. */
import { isE164 } from '@/domain/contact'
import { renderConfirmationSms, renderNotificationSms } from '../messages'
import { sendSms, smsConfig } from '../sms'

import { defineChannel } from './types'

export const smsChannel = defineChannel({
  address: (subscriber) => subscriber.phone ?? null,
  config: (payload) => smsConfig(payload),
  send: (config, out) =>
    sendSms(config, out.address, renderNotificationSms(out.content, out.manageUrl, out.locale), out.payload.logger),
  confirm: async (payload, subscriber, { siteName, link, locale, incident }) => {
    if (!subscriber.phone) return false
    await sendSms(
      await smsConfig(payload),
      subscriber.phone,
      renderConfirmationSms(siteName, link, locale, incident),
      payload.logger,
    )
    return true
  },
  test: {
    recipient: (given) =>
      isE164(given) ? given : { problem: 'to: give a phone number in E.164 form, such as +14155550123' },
    send: (config, to, { text }, logger) => sendSms(config, to, text, logger),
  },
})
