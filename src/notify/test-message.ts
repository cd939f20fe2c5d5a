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
import { isE164, isEmailAddress } from '@/domain/contact'
import { BadRequest } from '@/errors'
import { siteSettings } from '@/settings/site-settings'

import { ChannelNotConfigured, emailConfig, SendFailure, sendEmail } from './email'
import { sendSms, smsConfig } from './sms'

type Channel = 'email' | 'sms'

async function bodyOf(req: PayloadRequest): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await req.json?.()
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

async function send(req: PayloadRequest, channel: Channel, to: string): Promise<void> {
  const { siteName } = await siteSettings(req.payload)
  const text = `This is a test message from ${siteName}. If you can read it, subscribers can be reached this way.`
  if (channel === 'sms') return sendSms(await smsConfig(req.payload), to, text, req.payload.logger)
  const subject = `Test message from ${siteName}`
  const html = `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`
  return sendEmail(await emailConfig(req.payload), { to, subject, text, html }, req.payload.logger)
}

function recipient(channel: Channel, body: Record<string, unknown>, req: PayloadRequest): string | { problem: string } {
  const given = typeof body.to === 'string' ? body.to.trim() : ''
  if (channel === 'sms')
    return isE164(given) ? given : { problem: 'to: give a phone number in E.164 form, such as +14155550123' }
  const to = given || String((req.user as { email?: unknown } | null)?.email ?? '')
  return isEmailAddress(to) ? to : { problem: 'to: give a valid e-mail address' }
}

export function testMessageEndpoint(channel: Channel): Endpoint {
  return {
    path: '/send-test',
    method: 'post',
    handler: cmsEndpoint(async (req) => {
      requireUser(req, isAdmin)
      const to = recipient(channel, await bodyOf(req), req)
      if (typeof to !== 'string') throw new BadRequest(to.problem, 'to')
      try {
        await send(req, channel, to)
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
