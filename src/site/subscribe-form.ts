/**
 * What the subscribe form's POST (from `/`, `/subscribe`, or an incident's "Follow this incident") shares with the
 * pages that show it: the channels a page offers, what the form sent, and a refusal in the reader's language.
 */
import type { Payload } from 'payload'

import type { Channels } from '@/domain/channels'
import { PRIVATE_PAGE_CHANNELS } from '@/domain/page-access'
import type { SubscribeRequest } from '@/domain/subscription-request'
import { BadRequest } from '@/errors'
import type { Translate } from '@/i18n/translate'
import { configuredChannels } from '@/notify/channels'
import { NotFollowable, UnknownServices } from '@/services/subscribers/internal'
import type { PageRecord } from '@/settings/pages'

import { FORM_TYPES, unknownServicesText } from './subscription-pages'

/**
 * The channels that can take a subscription on this page: those whose settings are complete, and of a private page
 * only its own (src/domain/page-access.ts): e-mail, no SMS to a number a reader typed, no endpoint.
 */
export async function offeredChannels(payload: Payload, gate: PageRecord): Promise<Channels> {
  const channels = await configuredChannels(payload)
  if (!gate.access.private) return channels
  return Object.fromEntries(
    Object.entries(channels).map(([channel, on]) => [channel, on && PRIVATE_PAGE_CHANNELS.includes(channel)]),
  ) as Channels
}

export interface SubscribeForm {
  type: SubscribeRequest['type']
  email?: string
  phone?: string
  url?: string
  services: string[]
  /** The short id of the incident to follow (the incident page's form). */
  incident?: string
}

/** The form's fields; a type it does not offer reads as e-mail, its default. */
export function readSubscribeForm(form: URLSearchParams): SubscribeForm {
  const named = form.get('type')
  const type = FORM_TYPES.find((offered) => offered === named) ?? 'email'
  return {
    type,
    email: form.get('email') || undefined,
    phone: form.get('phone') || undefined,
    url: form.get('url') || undefined,
    services: form.getAll('services'),
    incident: form.get('incident') || undefined,
  }
}

/** What subscribe() refused (src/services/subscribers/subscribe.ts), in the reader's language. */
export function subscribeFailureText(t: Translate, failure: BadRequest): string {
  if (failure instanceof UnknownServices) return unknownServicesText(t, failure.slugs)
  if (failure instanceof NotFollowable)
    return t(failure.reason === 'resolved' ? 'forms.problem.incidentResolved' : 'forms.problem.incidentUnknown')
  if (failure.field === 'email') return t('forms.subscribe.foreignAddress')
  if (failure.field === 'url') return t('forms.problem.urlRefused')
  return t(failure.field === 'type' ? 'forms.subscribe.privateChannel' : 'forms.problem.other')
}
