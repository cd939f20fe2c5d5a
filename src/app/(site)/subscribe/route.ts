import { parseSubscribeRequest } from '@/domain/subscription-request'
import { CLIENT_ADDRESS_HEADER } from '@/runtime/headers'
import { channelRefusalKind } from '@/domain/channels'
import { configuredChannels } from '@/notify/channels'
import { readBodyText } from '@/notify/endpoint'
import { env } from '@/config/env'
import { BadRequest } from '@/errors'
import { PRIVATE_PAGE_CHANNELS } from '@/domain/page-access'
import { pageAudience, type PageRecord } from '@/settings/pages'
import { subscribe } from '@/services/subscribers/subscribe'
import { statusSummary } from '@/public-api/read-model'
import { sitePage } from '@/site/respond'
import {
  channelRefusalText,
  subscribedPage,
  subscribePage,
  subscribeProblemText,
  unknownServicesText,
} from '@/site/subscription-pages'
import { type Translate, tOf } from '@/i18n/translate'
import { UnknownServices } from '@/services/subscribers/internal'

export const dynamic = 'force-dynamic'

/** A private page offers its channels only (src/domain/page-access.ts): e-mail, no SMS to a number a reader typed. */
const offeredChannels = <C extends Record<string, boolean>>(channels: C, gate: PageRecord): C =>
  gate.access.private
    ? (Object.fromEntries(
        Object.entries(channels).map(([channel, on]) => [channel, on && PRIVATE_PAGE_CHANNELS.includes(channel)]),
      ) as C)
    : channels

/** `/subscribe`: the full form (e-mail or SMS, a choice of services), offering only the channels that can send. */
export const GET = sitePage(async (_request, { payload, links, page, gate, settings }) => {
  const [summary, channels] = await Promise.all([statusSummary(payload, links, page), configuredChannels(payload)])
  return { body: subscribePage(summary.serviceGroups, settings, offeredChannels(channels, gate)) }
})

/** The form's POST (from `/` or `/subscribe`): the same verb as POST /api/subscribe, answered with a page. */
export const POST = sitePage(async (request, { payload, links, page, gate, settings }) => {
  const t = tOf(settings)
  const text = await readBodyText(request)
  const form = new URLSearchParams(text ?? '')
  // The form offers only e-mail and SMS; anything else reads as e-mail, its default.
  const type: 'email' | 'sms' = form.get('type') === 'sms' ? 'sms' : 'email'
  const fields = {
    type,
    email: form.get('email') || undefined,
    phone: form.get('phone') || undefined,
    services: form.getAll('services'),
  }
  const parsed = text === null ? null : parseSubscribeRequest(fields)
  const channels = offeredChannels(await configuredChannels(payload), gate)
  const refused = parsed?.ok ? channelRefusalKind(channels, type) : null
  let error = !parsed
    ? t('forms.problem.tooLarge')
    : !parsed.ok
      ? subscribeProblemText(t, parsed.problem)
      : refused && channelRefusalText(t, refused)
  if (parsed?.ok && !error) {
    try {
      await subscribe(payload, parsed.value, {
        clientAddress: request.headers.get(CLIENT_ADDRESS_HEADER) ?? undefined,
        page: await pageAudience(payload, links.scope),
        language: settings.language?.locale,
      })
      return {
        body: subscribedPage(settings, { type, resendSeconds: env().SUBSCRIBE_RESEND_SECONDS }),
        private: true,
      }
    } catch (failure) {
      // Another page's service, or a channel or an address this page does not take: said beside the form.
      if (!(failure instanceof BadRequest)) throw failure
      error = subscribeFailureText(t, failure)
    }
  }
  const summary = await statusSummary(payload, links, page)
  return {
    status: 400,
    body: subscribePage(summary.serviceGroups, settings, channels, { ...fields, error: error || undefined }),
    private: true,
  }
})

/** What subscribe() refused (src/services/subscribers/subscribe.ts), in the reader's language. */
function subscribeFailureText(t: Translate, failure: BadRequest): string {
  if (failure instanceof UnknownServices) return unknownServicesText(t, failure.slugs)
  if (failure.field === 'email') return t('forms.subscribe.foreignAddress')
  return t(failure.field === 'type' ? 'forms.subscribe.privateChannel' : 'forms.problem.other')
}
