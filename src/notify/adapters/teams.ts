/** Microsoft Teams: an Adaptive Card to a Workflows webhook URL (src/notify/chat-messages.ts). */
import { teamsMessage } from '../chat-messages'

import { defineChannel } from './types'
import { confirmByContact, noSettings, sendToUrl, urlAddress } from './url'

export const teamsChannel = defineChannel({
  address: urlAddress,
  config: noSettings,
  send: (_config, out) => sendToUrl(out, teamsMessage(out.content, out.locale)),
  confirm: confirmByContact,
})
