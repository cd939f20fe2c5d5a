import { parseSubscribeRequest } from '@/domain/subscription-request'
import { CLIENT_ADDRESS_HEADER } from '@/runtime/headers'
import { channelRefusalKind } from '@/domain/channels'
import { readBodyText } from '@/notify/endpoint'
import { env } from '@/config/env'
import { BadRequest } from '@/errors'
import { pageAudience } from '@/settings/pages'
import { subscribe } from '@/services/subscribers/subscribe'
import { findIncidentPage, statusSummary } from '@/public-api/read-model'
import { incidentPage } from '@/site/pages'
import { sitePage, type SiteContext } from '@/site/respond'
import { offeredChannels, readSubscribeForm, type SubscribeForm, subscribeFailureText } from '@/site/subscribe-form'
import {
  channelRefusalText,
  followForm,
  subscribedPage,
  subscribePage,
  subscribeProblemText,
} from '@/site/subscription-pages'
import { tOf } from '@/i18n/translate'

export const dynamic = 'force-dynamic'

/** `/subscribe`: the full form (e-mail, SMS, a webhook or a chat channel; a choice of services), offering what can send. */
export const GET = sitePage(async (_request, { payload, links, page, gate, settings }) => {
  const [summary, channels] = await Promise.all([statusSummary(payload, links, page), offeredChannels(payload, gate)])
  return { body: subscribePage(summary.serviceGroups, settings, channels) }
})

/**
 * The form's POST (from `/`, `/subscribe`, or an incident's "Follow this incident"): the same verb as POST
 * /api/subscribe, answered with a page. A refusal is said beside the form it came from.
 */
export const POST = sitePage(async (request, context) => {
  const { payload, links, gate, settings } = context
  const t = tOf(settings)
  const text = await readBodyText(request)
  const fields = readSubscribeForm(new URLSearchParams(text ?? ''))
  const parsed = text === null ? null : parseSubscribeRequest(fields, { chatOrigins: env().CHAT_WEBHOOK_ORIGINS })
  const channels = await offeredChannels(payload, gate)
  const refused = parsed?.ok ? channelRefusalKind(channels, fields.type) : null
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
        body: subscribedPage(settings, { type: fields.type, resendSeconds: env().SUBSCRIBE_RESEND_SECONDS }),
        private: true,
      }
    } catch (failure) {
      // Another page's service, an incident that cannot be followed, a channel or an address this page does not take.
      if (!(failure instanceof BadRequest)) throw failure
      error = subscribeFailureText(t, failure)
    }
  }
  return refusedForm(context, fields, error || undefined)
})

/** The form again with what was refused: the incident's page for its follow form, else the subscribe page. */
async function refusedForm(
  { payload, links, page, gate, settings, clock }: SiteContext,
  fields: SubscribeForm,
  error?: string,
) {
  const found = fields.incident ? await findIncidentPage(payload, fields.incident, links) : null
  if (found) {
    const channels = await offeredChannels(payload, gate)
    const type = fields.type === 'sms' ? 'sms' : 'email'
    const closed = found.incident.status === 'resolved'
    const follow = followForm(tOf(settings), channels, found.incident.shortId, { ...fields, type, error, closed })
    return {
      status: 400,
      body: incidentPage(found.incident, settings, clock, found.setStatuses, follow, false),
      private: true,
    }
  }
  const [summary, channels] = await Promise.all([statusSummary(payload, links, page), offeredChannels(payload, gate)])
  return {
    status: 400,
    body: subscribePage(summary.serviceGroups, settings, channels, { ...fields, error }),
    private: true,
  }
}
