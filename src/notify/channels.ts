/**
 * Which subscription channels can actually deliver: a channel is offered to visitors only when its settings are
 * complete, so nothing is accepted that cannot happen. Demo mode never sends, but still takes subscriptions (they
 * are stored and their confirmations skipped), so it offers both.
 */
import type { Payload } from 'payload'

import type { Channels } from '../domain/channels'
import { type Env, env } from '../config/env'

import { ChannelNotConfigured, emailConfig } from './email'
import { sendingDisabledReason } from './sending-allowed'
import { smsConfig } from './sms'

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
