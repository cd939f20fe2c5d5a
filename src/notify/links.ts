/**
 * Addresses in messages. Links in e-mail and SMS never come from a request's Host header: an anonymous subscribe
 * request could otherwise choose where the confirmation link of somebody else's address points. They come from the
 * Public base URL setting or PUBLIC_URL, and without either from the local address, with a warning.
 */
import type { Payload } from 'payload'

import { type Env, env } from '../config/env'
import { configuredBaseUrl } from '../public-api/read-model'

let warned = false

export function fallbackBaseUrl(settings: Env = env()): string {
  const base = `http://localhost:${settings.PORT}`
  if (!warned) {
    warned = true
    console.warn(`Links in e-mails and SMS point to ${base}: set the Public base URL in Settings, or PUBLIC_URL.`)
  }
  return base
}

export async function messageBaseUrl(payload: Payload): Promise<string> {
  return (await configuredBaseUrl(payload)) ?? fallbackBaseUrl()
}

export const confirmUrl = (base: string, token: string) => `${base}/verify/${encodeURIComponent(token)}`
export const unsubscribeUrl = (base: string, token: string) => `${base}/unsubscribe/${encodeURIComponent(token)}`
