/**
 * POSTing a JSON body to a subscriber's URL (webhooks, Slack, Discord, Teams). The URL was typed by a visitor or an
 * administrator, so the request goes through the outbound guard (src/net/outbound-url.ts): the address is checked
 * after DNS resolution on the connection actually used, redirects are answered as failures and never followed,
 * and the connection and the answer each get WEBHOOK_TIMEOUT_MS (5 s).
 *
 * What counts: 2xx delivered. 3xx, and 4xx but 408 and 429: refused for good. 5xx, 408, 429 and a connection that
 * never came up: retried (src/domain/notifications.ts's backoff). No answer once the request left: it may have
 * arrived, so it is `uncertain` and never repeated. Only the first bytes of a failure's answer are kept.
 */
import type { Payload } from 'payload'
import type { Response as UndiciResponse } from 'undici'

import { type Env, env } from '@/config/env'
import { describeFailure, failedBeforeSending, outboundFetch, refusalIn } from '@/net/outbound-url'
import { SendFailure } from '../email'

/** How much of a failure's answer is read, and kept in the delivery's error. */
const EXCERPT_BYTES = 512
const EXCERPT_CHARS = 160

const timeouts = (settings: Env = env()) => ({
  connectMs: settings.WEBHOOK_TIMEOUT_MS,
  answerMs: settings.WEBHOOK_TIMEOUT_MS,
})

/** The first bytes of an answer as one printable line; the rest is never read. */
async function excerpt(body: UndiciResponse['body']): Promise<string> {
  if (!body) return ''
  const reader = body.getReader()
  const chunks: Buffer[] = []
  let size = 0
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(Buffer.from(value as Uint8Array))
      size += value.length
    }
  } catch {
    // An answer cut off while it was read: what arrived is enough.
  } finally {
    await reader.cancel().catch(() => undefined)
  }
  const text = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8')
  const line = text.replace(/[\p{Cc}\s]+/gu, ' ').trim()
  return line.length > EXCERPT_CHARS ? `${line.slice(0, EXCERPT_CHARS)}…` : line
}

export interface EndpointAnswer {
  status: number
}

export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  logger?: Payload['logger'],
): Promise<EndpointAnswer> {
  let response: Awaited<ReturnType<typeof outboundFetch>>
  try {
    response = await outboundFetch(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'status-page-webhooks/1', ...headers },
        body,
        redirect: 'manual',
      },
      timeouts(),
    )
  } catch (error) {
    logger?.warn(`Webhook request failed: ${describeFailure(error)}`)
    const refusal = refusalIn(error)
    if (refusal) throw new SendFailure(`Not sent: ${refusal.message}`, true)
    if (failedBeforeSending(error)) throw new SendFailure('The endpoint could not be reached (no connection).', false)
    throw new SendFailure(
      'The endpoint did not answer in time after the request was sent; it may have arrived, so it is not sent again.',
      false,
      'uncertain',
    )
  }
  if (response.status >= 200 && response.status < 300) {
    await response.body?.cancel().catch(() => undefined)
    return { status: response.status }
  }
  const said = await excerpt(response.body)
  const tail = said ? `: ${said}` : ''
  if (response.status >= 300 && response.status < 400) {
    throw new SendFailure(
      `The endpoint answered with a redirect (HTTP ${response.status}), which is not followed.`,
      true,
    )
  }
  const retried = response.status >= 500 || response.status === 408 || response.status === 429
  throw new SendFailure(`The endpoint answered HTTP ${response.status}${tail}`, !retried)
}
