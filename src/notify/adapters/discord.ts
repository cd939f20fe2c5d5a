/** Discord: an embed to a channel's webhook URL (src/notify/chat-messages.ts). */
import { discordMessage } from '../chat-messages'

import { defineChannel } from './types'
import { confirmByContact, noSettings, sendToUrl, urlAddress } from './url'

export const discordChannel = defineChannel({
  address: urlAddress,
  config: noSettings,
  send: (_config, out) => sendToUrl(out, discordMessage(out.content, out.now, out.locale)),
  confirm: confirmByContact,
})
