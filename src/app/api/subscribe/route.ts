import { parseSubscribeRequest } from '@/domain/subscription-request'
import { channelRefusal } from '@/domain/channels'
import { pageChannelRefusal } from '@/domain/page-access'
import { configuredChannels } from '@/notify/channels'
import { answer, readJsonBody, subscriptionEndpoint } from '@/notify/endpoint'
import { env } from '@/config/env'
import { subscribeMessage } from '@/domain/subscription-outcomes'
import { pageAudience } from '@/settings/pages'
import { subscribe } from '@/services/subscribers/subscribe'
import { publicPage } from '@/settings/base-url'
import { isLocale, LOCALES } from '@/domain/locales'

export const dynamic = 'force-dynamic'

/**
 * POST /api/subscribe {type:'email', email}, {type:'sms', phone}, or {type:'webhook'|'slack'|'discord'|'teams', url,
 * email}, optionally services: [slug] and language (one of LOCALES: what everything sent is in; else the request's
 * language, that of its address's prefix or the page's default); e-mail and SMS may instead name one incident to
 * follow (incident: its short id). Double opt-in: a webhook or chat channel is confirmed through its e-mail address.
 */
export const POST = subscriptionEndpoint(async (request, { payload, clientAddress }) => {
  // The page first: a private page's stranger learns nothing else (401, src/settings/page-access.ts).
  const { links, language } = await publicPage(payload, request)
  const body = await readJsonBody(request)
  if (!body.ok) return answer(400, false, body.message)
  const parsed = parseSubscribeRequest(body.value, { chatOrigins: env().CHAT_WEBHOOK_ORIGINS })
  if (!parsed.ok) return answer(400, false, parsed.message)
  const named = (body.value as { language?: unknown }).language
  if (named !== undefined && !isLocale(named))
    return answer(400, false, `language must be one of ${LOCALES.join(', ')}`)
  const page = await pageAudience(payload, links.scope)
  // Nothing is accepted that cannot happen: a channel the page or the settings do not offer is refused, not queued.
  const refusal =
    pageChannelRefusal(page, parsed.value.type) ?? channelRefusal(await configuredChannels(payload), parsed.value.type)
  if (refusal) return answer(400, false, refusal)
  // An unknown service slug, an incident that cannot be followed, a URL the server may never send to: a BadRequest
  // (src/errors.ts), which the endpoint answers 400 with its message.
  await subscribe(payload, parsed.value, { clientAddress, page, language: named ?? language.locale })
  return answer(200, true, subscribeMessage(parsed.value.type, env().SUBSCRIBE_RESEND_SECONDS))
})
