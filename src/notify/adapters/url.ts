/**
 * What the URL channels share: the address a delivery records, and the send. A Slack, Discord or Teams webhook URL
 * is itself a credential, so a delivery row (which editors read) records only its origin; the send reads the URL
 * from the subscriber.
 */
import type { Payload } from 'payload'

import { CHANNEL_RULES } from '@/domain/channels'
import type { Subscriber } from '@/payload-types'
import { emailConfig, SendFailure, sendEmail } from '../email'
import { renderChatConfirmationEmail } from '../messages'

import { postJson } from './http'
import type { ConfirmationFrom, Outgoing } from './types'

/** `https://hooks.slack.com/…`: enough to tell endpoints apart, nothing that posts to them. */
export function urlAddress(subscriber: { url?: string | null }): string | null {
  if (!subscriber.url) return null
  try {
    return `${new URL(subscriber.url).origin}/…`
  } catch {
    return null
  }
}

/** POSTs `body` (JSON) to the subscriber's URL. */
export async function sendToUrl(out: Outgoing, body: unknown, headers: Record<string, string> = {}): Promise<void> {
  const url = out.subscriber.url
  if (!url) throw new SendFailure('The subscriber has no URL.', true)
  await postJson(url, typeof body === 'string' ? body : JSON.stringify(body), headers, out.payload.logger)
}

/** The URL channels need no settings of their own. */
export const noSettings = async (): Promise<null> => null

/**
 * A chat channel a visitor added is confirmed through its contact e-mail, as a webhook is (one an administrator
 * added is confirmed by adding it, and never asks). Nothing is posted to the channel before that.
 */
export async function confirmByContact(
  payload: Payload,
  subscriber: Subscriber,
  { siteName, link, locale }: ConfirmationFrom,
): Promise<boolean> {
  if (!subscriber.contactEmail) return false
  const service = CHANNEL_RULES[subscriber.type].label
  const mail = renderChatConfirmationEmail(siteName, link, service, urlAddress(subscriber) ?? service, locale)
  await sendEmail(await emailConfig(payload), { to: subscriber.contactEmail, ...mail }, payload.logger)
  return true
}
