/** Slack: a Block Kit message to an incoming-webhook URL (src/notify/chat-messages.ts). */
import { slackMessage } from '../chat-messages'

import { defineChannel } from './types'
import { confirmByContact, noSettings, sendToUrl, urlAddress } from './url'

export const slackChannel = defineChannel({
  address: urlAddress,
  config: noSettings,
  send: (_config, out) => sendToUrl(out, slackMessage(out.content, out.locale)),
  confirm: confirmByContact,
})
