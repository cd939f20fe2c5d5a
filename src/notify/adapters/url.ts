/**
 * What the URL channels share: the address a delivery records, and the send. A Slack, Discord or Teams webhook URL
 * is itself a credential, so a delivery row (which editors read) records only its origin; the send reads the URL
 * from the subscriber.
 */
import { SendFailure } from '../email'

import { postJson } from './http'
import type { Outgoing } from './types'

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

/** Chat channels are added by administrators, who confirm them by adding them: there is no link to send. */
export const noConfirmation = async (): Promise<boolean> => false
