/**
 * Sending SMS through a Twilio-compatible HTTP API (POST {base}/2010-04-01/Accounts/{sid}/Messages.json, form
 * fields To, From, Body, HTTP basic auth sid:token), configured in the SMS settings global. The base URL is typed by
 * an administrator, so the request goes through the outbound guard (src/net/outbound-url.ts), and what is recorded
 * about a failure is a fixed text: never the answer's body or the connection error's details, which would let
 * whoever reads the deliveries probe the server's network.
 */
import type { Payload } from 'payload'

import { type Env, env } from '@/config/env'
import { REVEAL_SECRETS } from '@/fields/secret'
import { describeFailure, failedBeforeSending, outboundFetch, refusalIn } from '@/net/outbound-url'

import { ChannelNotConfigured, SendFailure } from './email'
import { sendingDisabledReason } from './sending-allowed'

export interface SmsConfig {
  baseUrl: string
  accountSid: string
  authToken: string
  from: string
}

export async function smsConfig(payload: Payload): Promise<SmsConfig> {
  const settings = await payload.findGlobal({
    slug: 'sms-settings',
    overrideAccess: true,
    context: REVEAL_SECRETS,
    depth: 0,
  })
  if (!settings.enabled) throw new ChannelNotConfigured('SMS is turned off in SMS settings.')
  const baseUrl = settings.apiBaseUrl?.trim().replace(/\/+$/, '')
  if (!baseUrl || !settings.accountSid || !settings.authToken || !settings.fromNumber) {
    throw new ChannelNotConfigured(
      'SMS is not configured: set the API base URL, account SID, auth token and From number in SMS settings.',
    )
  }
  return { baseUrl, accountSid: settings.accountSid, authToken: settings.authToken, from: settings.fromNumber }
}

/** How long to wait for the connection, and then for the provider's answer (SMS_TIMEOUT_MS, default 15 s). */
const timeouts = (settings: Env = env()) => ({ connectMs: 10_000, answerMs: settings.SMS_TIMEOUT_MS })

/**
 * Sends one SMS. A refusal in 4xx is permanent (bad number, refused), except 429; 5xx and failures to connect are
 * retried. A failure after the request has left (no answer in time, the connection dropped) may have delivered the
 * message: it is `uncertain`, and never retried, so nobody gets it twice.
 */
export async function sendSms(config: SmsConfig, to: string, body: string, logger?: Payload['logger']): Promise<void> {
  const disabled = sendingDisabledReason()
  if (disabled) throw new ChannelNotConfigured(disabled)
  const url = `${config.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`
  let response: Awaited<ReturnType<typeof outboundFetch>>
  try {
    response = await outboundFetch(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: to, From: config.from, Body: body }).toString(),
      },
      timeouts(),
    )
  } catch (error) {
    logger?.warn(`SMS provider request failed: ${describeFailure(error)}`)
    const refusal = refusalIn(error)
    if (refusal) throw new SendFailure(`SMS provider not contacted. ${refusal.message}`, true)
    if (failedBeforeSending(error)) throw new SendFailure('SMS provider unreachable (no connection).', false)
    throw new SendFailure(
      'SMS provider did not answer after the message was sent; it may have been delivered, so it is not sent again.',
      false,
      'uncertain',
    )
  }
  // The body is read and dropped: it is the provider's (or, misconfigured, any service's) text, not ours to show.
  await response.body?.cancel().catch(() => undefined)
  if (response.ok) return
  const permanent = response.status >= 400 && response.status < 500 && response.status !== 429
  throw new SendFailure(`SMS provider refused the message (HTTP ${response.status}).`, permanent)
}
