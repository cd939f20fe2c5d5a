/**
 * Which subscription channels can actually deliver: a channel is offered to visitors only when its settings are
 * complete, so nothing is accepted that cannot happen. Demo mode never sends, but still takes subscriptions (they
 * are stored and their confirmations skipped), so it offers both.
 */
import type { Payload } from 'payload'

import type { Channels } from '@/domain/channels'
import { CHANNELS } from '@/domain/notifications'
import { type Env, env } from '@/config/env'

import { CHANNEL_ADAPTERS } from './adapters'
import { ChannelNotConfigured } from './email'
import { sendingDisabledReason } from './sending-allowed'

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
  const disabled = sendingDisabledReason(settings) !== null
  const answers = await Promise.all(
    CHANNELS.map((channel) => disabled || works(() => CHANNEL_ADAPTERS[channel].config(payload, settings))),
  )
  return Object.fromEntries(CHANNELS.map((channel, i) => [channel, answers[i]])) as Channels
}
