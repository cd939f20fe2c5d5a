/**
 * Sending SMS through a Twilio-compatible HTTP API (POST {base}/2010-04-01/Accounts/{sid}/Messages.json, form
 * fields To, From, Body, HTTP basic auth sid:token), configured in the SMS settings global.
 */
import type { Payload } from 'payload'

import { REVEAL_SECRETS } from '../fields/secret'

import { ChannelNotConfigured, SendFailure } from './email'

export interface SmsConfig {
  baseUrl: string
  accountSid: string
  authToken: string
  from: string
}

export async function smsConfig(payload: Payload): Promise<SmsConfig> {
  const settings = await payload.findGlobal({ slug: 'sms-settings', overrideAccess: true, context: REVEAL_SECRETS, depth: 0 })
  if (!settings.enabled) throw new ChannelNotConfigured('SMS is turned off in SMS settings.')
  const baseUrl = settings.apiBaseUrl?.trim().replace(/\/+$/, '')
  if (!baseUrl || !settings.accountSid || !settings.authToken || !settings.fromNumber) {
    throw new ChannelNotConfigured('SMS is not configured: set the API base URL, account SID, auth token and From number in SMS settings.')
  }
  return { baseUrl, accountSid: settings.accountSid, authToken: settings.authToken, from: settings.fromNumber }
}

const TIMEOUT_MS = 15_000

/** Sends one SMS. 4xx answers are permanent (bad number, refused), except 429; 5xx and network errors are not. */
export async function sendSms(config: SmsConfig, to: string, body: string): Promise<void> {
  const url = `${config.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: to, From: config.from, Body: body }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch (error) {
    throw new SendFailure(`SMS provider unreachable: ${(error as Error).message}`, false)
  }
  if (response.ok) return
  const detail = (await response.text().catch(() => '')).slice(0, 200)
  const permanent = response.status >= 400 && response.status < 500 && response.status !== 429
  throw new SendFailure(`SMS provider answered ${response.status}${detail ? `: ${detail}` : ''}`, permanent)
}
