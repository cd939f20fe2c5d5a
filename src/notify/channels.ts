/**
 * Which subscription channels can actually deliver: a channel is offered to visitors only when its settings are
 * complete, so nothing is accepted that cannot happen. Demo mode never sends, but still takes subscriptions (they
 * are stored and their confirmations skipped), so it offers both.
 */
import type { Payload } from 'payload'

import { type Env, env } from '../config/env'
import type { SubscribeRequest } from '../domain/subscription-request'

import { ChannelNotConfigured, emailConfig } from './email'
import { sendingDisabledReason } from './sending-allowed'
import { smsConfig } from './sms'

export type Channel = SubscribeRequest['type']
export type Channels = Record<Channel, boolean>

async function works(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check()
    return true
  } catch (error) {
    if (error instanceof ChannelNotConfigured) return false
    throw error
  }
}

export async function configuredChannels(payload: Payload, settings: Env = env()): Promise<Channels> {
  if (sendingDisabledReason(settings)) return { email: true, sms: true }
  const [email, sms] = await Promise.all([works(() => emailConfig(payload, settings)), works(() => smsConfig(payload))])
  return { email, sms }
}

export const NO_CHANNEL = 'Subscriptions are not available on this site: neither e-mail nor SMS is configured.'

/** Why a subscription by `channel` cannot be taken now, or null when it can. */
export function channelRefusal(channels: Channels, channel: Channel): string | null {
  if (channels[channel]) return null
  if (!channels.email && !channels.sms) return NO_CHANNEL
  return channel === 'sms'
    ? 'Subscriptions by text message (SMS) are not available on this site; subscribe by e-mail instead.'
    : 'Subscriptions by e-mail are not available on this site; subscribe by text message (SMS) instead.'
}
