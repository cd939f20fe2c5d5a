/** Which subscription channels a site offers, and why one is refused: shown by the pages, enforced by the API. */
import type { Channel } from './notifications'

/** Whether each channel can deliver now (src/notify/channels.ts decides it from the settings). */
export type Channels = Record<Channel, boolean>

export const NO_CHANNEL = 'Subscriptions are not available on this site: neither e-mail nor SMS is configured.'

/** Why a subscription by `channel` cannot be taken now, or null when it can. */
export function channelRefusal(channels: Channels, channel: Channel): string | null {
  if (channels[channel]) return null
  if (!channels.email && !channels.sms) return NO_CHANNEL
  return channel === 'sms'
    ? 'Subscriptions by text message (SMS) are not available on this site; subscribe by e-mail instead.'
    : 'Subscriptions by e-mail are not available on this site; subscribe by text message (SMS) instead.'
}
