/**
 * The channels, keyed by subscriber type (as src/integrations/parse.ts keys the monitoring dialects): the delivery
 * job, the confirmation job and the subscribe endpoints look a subscriber's channel up here and never branch on its
 * type, so a new type is one adapter file and one row, and the type checker names every row it lacks.
 */
import type { Channel } from '@/domain/notifications'

import { discordChannel } from './discord'
import { emailChannel } from './email'
import { slackChannel } from './slack'
import { smsChannel } from './sms'
import { teamsChannel } from './teams'
import type { ChannelAdapter } from './types'
import { webhookChannel } from './webhook'

export const CHANNEL_ADAPTERS: Record<Channel, ChannelAdapter> = {
  email: emailChannel,
  sms: smsChannel,
  webhook: webhookChannel,
  slack: slackChannel,
  discord: discordChannel,
  teams: teamsChannel,
}

export const channelAdapter = (channel: Channel): ChannelAdapter => CHANNEL_ADAPTERS[channel]
