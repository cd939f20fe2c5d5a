/**
 * `POST /api/globals/email-settings/send-test` and `/api/globals/sms-settings/send-test` (administrators): sends one
 * message with the saved settings, now, outside the queue, and answers what happened. `{to}` is the address or
 * number; without it an e-mail goes to the administrator's own address. The answer is 200 either way (the request
 * did its job; the body is the outcome): sent, `{ok: true, message}`; not sent, `{ok: false, error, reply?}`, where
 * `reply` is the SMTP server's own words (as "535 Authentication failed"), which only this administrator's request
 * shows: the deliveries record keeps the fixed text (src/notify/email.ts).
 * An SMS provider's answer is never shown, only its HTTP status (src/notify/sms.ts).
 */
import type { Endpoint, PayloadRequest } from 'payload'

import { cmsEndpoint, noStoreJson as answer, requireUser } from '@/access/endpoint-guard'
import { isAdmin } from '@/access/roles'
import { env } from '@/config/env'
import type { Channel } from '@/domain/notifications'
import { BadRequest } from '@/errors'
import { siteSettings } from '@/settings/site-settings'

import { channelAdapter } from './adapters'
import { ChannelNotConfigured, SendFailure } from './email'

async function bodyOf(req: PayloadRequest): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await req.json?.()
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

export function testMessageEndpoint(channel: Channel): Endpoint {
  const adapter = channelAdapter(channel)
  const { test } = adapter
  // Read when the settings global is configured: a channel without a test fails at start, not at the first click.
  if (!test) throw new Error(`The ${channel} channel has no settings test message.`)
  return {
    path: '/send-test',
    method: 'post',
    handler: cmsEndpoint(async (req) => {
      requireUser(req, isAdmin)
      const body = await bodyOf(req)
      const to = test.recipient(
        typeof body.to === 'string' ? body.to.trim() : '',
        req.user as { email?: unknown } | null,
      )
      if (typeof to !== 'string') throw new BadRequest(to.problem, 'to')
      try {
        const { siteName } = await siteSettings(req.payload)
        const text = `This is a test message from ${siteName}. If you can read it, subscribers can be reached this way.`
        await test.send(await adapter.config(req.payload, env()), to, { siteName, text }, req.payload.logger)
      } catch (error) {
        if (error instanceof ChannelNotConfigured) return answer(200, { ok: false, error: error.message })
        if (error instanceof SendFailure)
          return answer(200, { ok: false, error: error.message, ...(error.reply ? { reply: error.reply } : {}) })
        throw error
      }
      return answer(200, { ok: true, message: `Sent to ${to}. Check that it arrived.` })
    }),
  }
}
