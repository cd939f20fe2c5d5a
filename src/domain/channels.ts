/**
 * The subscription channels, one row each: which subscriber field holds the address, whether visitors may subscribe
 * by it, and why it is refused when it cannot deliver. A new subscriber type is a new row here (the type checker
 * asks for it) and an adapter in src/notify/adapters/.
 */
import type { Channel } from './notifications'

/** Whether each channel can deliver now (src/notify/channels.ts decides it from the settings). */
export type Channels = Record<Channel, boolean>

export interface ChannelRules {
  /** The subscriber field that holds the address. */
  addressField: 'email' | 'phone'
  /** Why a visitor's subscription by this channel is refused while it cannot deliver. */
  refusal: string
}

export const CHANNEL_RULES: Record<Channel, ChannelRules> = {
  email: {
    addressField: 'email',
    refusal: 'Subscriptions by e-mail are not available on this site; subscribe by text message (SMS) instead.',
  },
  sms: {
    addressField: 'phone',
    refusal: 'Subscriptions by text message (SMS) are not available on this site; subscribe by e-mail instead.',
  },
}

export const NO_CHANNEL = 'Subscriptions are not available on this site: neither e-mail nor SMS is configured.'

/** Why a subscription by `channel` cannot be taken now, or null when it can. */
export function channelRefusal(channels: Channels, channel: Channel): string | null {
  if (channels[channel]) return null
  if (!channels.email && !channels.sms) return NO_CHANNEL
  return CHANNEL_RULES[channel].refusal
}
