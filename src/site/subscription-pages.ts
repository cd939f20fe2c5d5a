/**
 * The subscriber's pages: the subscribe form (on `/` and, with SMS and a choice of services, at `/subscribe`), the
 * confirmation page behind the link in the confirmation message, and the unsubscribe page behind the link in every
 * notification. Plain forms that work without JavaScript: each button POSTs to its own page.
 */
import { CHANNEL_LABELS, type Channels, channelRefusalKind, type FormChannels, isUrlChannel } from '@/domain/channels'
import { CHAT_CHANNELS } from '@/domain/chat-urls'
import type { Channel } from '@/domain/notifications'
import type { SubscribeProblem, SubscribeRequest } from '@/domain/subscription-request'
import { html, raw, type SafeHtml } from '@/format/html'
import { resendWait, type UnsubscribeOutcome, type VerifyOutcome } from '@/domain/subscription-outcomes'
import { type Translate, tOf } from '@/i18n/translate'
import type { ServiceGroup } from '@/public-api/schemas'
import type { SiteSettings } from '@/settings/site-settings'

import { tHtml } from './words'
import { renderDocument } from './layout'

/**
 * The compact form on `/`: an e-mail address and a button, offering only the channels this site can send on.
 * `settings`: the page's, for its language (without them, English).
 */
export function homeSubscribeForm(channels: FormChannels, settings: Pick<SiteSettings, 'language'> = {}): SafeHtml {
  const t = tOf(settings)
  const heading = html`<h2 id="subscribe-h" class="flush">${t('forms.home.heading')}</h2>`
  if (!channels.email && !channels.sms) {
    return html`<section aria-labelledby="subscribe-h" class="card subscribe">${heading}<p class="meta flush">${t('forms.subscribe.none')}</p></section>`
  }
  if (!channels.email) {
    return html`<section aria-labelledby="subscribe-h" class="card subscribe">${heading}
<p class="meta flush">${t('forms.home.bySms')}</p>
<p><a href="/subscribe">${t('forms.home.smsLink')}</a></p>
</section>`
  }
  return html`<section aria-labelledby="subscribe-h" class="card subscribe">${heading}
<p class="meta flush">${t('forms.home.byEmail')}</p>
<form method="post" action="/subscribe" class="inline-form">
<input type="hidden" name="type" value="email">
<label for="subscribe-email">${t('forms.field.email')}</label>
<input id="subscribe-email" name="email" type="email" autocomplete="email" required maxlength="254">
<button type="submit">${t('forms.subscribe.button')}</button>
</form>
<p class="meta"><a href="/subscribe">${t(channels.sms ? 'forms.home.moreWithSms' : 'forms.home.more')}</a></p>
</section>`
}

/** What the form subscribes by, in the order it offers them. */
export const FORM_TYPES: readonly SubscribeRequest['type'][] = ['email', 'sms', 'webhook', ...CHAT_CHANNELS]

/** The types the full form offers: those whose subscription can be taken now (a URL's needs e-mail to confirm it). */
export const offeredTypes = (channels: Channels): SubscribeRequest['type'][] =>
  FORM_TYPES.filter((type) => channelRefusalKind(channels, type) === null)

export interface SubscribeFormState {
  type?: SubscribeRequest['type']
  email?: string
  phone?: string
  url?: string
  services?: string[]
  error?: string
}

function serviceChoices(t: Translate, groups: ServiceGroup[], chosen: Set<string>): SafeHtml {
  const listed = groups.filter((g) => g.services.length > 0)
  if (listed.length === 0) return html``
  return html`<fieldset><legend>${t('forms.services.legend')}</legend>
<p class="meta flush">${t('forms.services.hint')}</p>
${listed.map(
  (g) =>
    html`<div class="choice-group"><p class="choice-title">${g.name}</p>${g.services.map(
      (s) =>
        html`<label class="choice"><input type="checkbox" name="services" value="${s.slug}"${chosen.has(s.slug) ? raw(' checked') : ''}> ${s.name}</label>`,
    )}</div>`,
)}
</fieldset>`
}

const TYPE_LABELS = {
  email: 'forms.field.byEmail',
  sms: 'forms.field.bySms',
  webhook: 'forms.field.byWebhook',
  slack: 'forms.field.bySlack',
  discord: 'forms.field.byDiscord',
  teams: 'forms.field.byTeams',
} as const satisfies Record<SubscribeRequest['type'], string>

/**
 * The channel choice and its fields: an e-mail address (the subscription's own, or the one that confirms a webhook
 * or a chat channel), a phone number, an endpoint's URL. Without JavaScript every field shows; each says what it is for.
 */
function channelFields(t: Translate, channels: Channels, state: SubscribeFormState): SafeHtml {
  const offered = offeredTypes(channels)
  const byUrl = offered.some((type) => isUrlChannel(type))
  const hint = (id: string, text: string) => html`<br><span id="${id}" class="meta">${text}</span>`
  const email = offered.some((type) => type === 'email' || isUrlChannel(type))
    ? html`<p><label for="email">${t('forms.field.email')}</label><br><input id="email" name="email" type="email" autocomplete="email" maxlength="254" value="${state.email ?? ''}"${byUrl ? raw(' aria-describedby="email-hint"') : ''}>${byUrl ? hint('email-hint', t('forms.field.emailHint')) : null}</p>`
    : null
  const phone = offered.includes('sms')
    ? html`<p><label for="phone">${t('forms.field.phone')}</label><br><input id="phone" name="phone" type="tel" autocomplete="tel" maxlength="20" placeholder="+14155550123" value="${state.phone ?? ''}"></p>`
    : null
  const url = byUrl
    ? html`<p><label for="url">${t('forms.field.url')}</label><br><input id="url" name="url" type="url" inputmode="url" maxlength="2000" value="${state.url ?? ''}" aria-describedby="url-hint">${hint('url-hint', t('forms.field.urlHint'))}</p>`
    : null
  if (offered.length === 1) return html`<input type="hidden" name="type" value="${offered[0]}">${email}${phone}${url}`
  const type = state.type && offered.includes(state.type) ? state.type : offered[0]
  const checked = (value: string) => (type === value ? raw(' checked') : '')
  return html`<fieldset><legend>${t('forms.field.how')}</legend>
${offered.map((value) => html`<label class="choice"><input type="radio" name="type" value="${value}"${checked(value)}> ${t(TYPE_LABELS[value])}</label>`)}
</fieldset>
${email}
${phone}
${url}`
}

export function subscribePage(
  groups: ServiceGroup[],
  settings: SiteSettings,
  channels: Channels,
  state: SubscribeFormState = {},
): string {
  const t = tOf(settings)
  const title = t('forms.subscribe.title')
  if (!channels.email && !channels.sms) {
    const body = html`<h1>${t('forms.subscribe.heading')}</h1><p class="notice" role="status">${t('forms.subscribe.none')}</p><p><a href="/">${t('forms.back')}</a></p>`
    return renderDocument({ title, settings, current: 'subscribe', body })
  }
  const how = channels.email && channels.sms ? 'both' : channels.email ? 'email' : 'sms'
  const body = html`<h1>${t('forms.subscribe.heading')}</h1>
<p>${t('forms.subscribe.intro', { site: settings.siteName, how })}</p>
${offeredTypes(channels).some((type) => isUrlChannel(type)) ? html`<p>${t('forms.subscribe.introEndpoints')}</p>` : null}
${state.error ? html`<p class="notice error" role="alert">${state.error}</p>` : null}
<form method="post" action="/subscribe" class="card stacked">
${channelFields(t, channels, state)}
${serviceChoices(t, groups, new Set(state.services ?? []))}
<p><button type="submit">${t('forms.subscribe.button')}</button></p>
</form>`
  return renderDocument({ title, settings, current: 'subscribe', body })
}

/**
 * After the form: what the JSON endpoint says (src/domain/subscription-outcomes.ts), in the reader's language,
 * whatever the address's history: a confirmation is on its way, and how often one goes out at most.
 */
export function subscribedPage(
  settings: SiteSettings,
  { type, resendSeconds }: { type: SubscribeRequest['type']; resendSeconds: number },
): string {
  const t = tOf(settings)
  const wait = resendWait(resendSeconds)
  // A webhook or a chat channel is confirmed through the e-mail address given with it.
  const [saidKey, waitKey] =
    type === 'email'
      ? (['forms.subscribed.email', 'forms.subscribed.waitEmail'] as const)
      : type === 'sms'
        ? (['forms.subscribed.sms', 'forms.subscribed.waitSms'] as const)
        : (['forms.subscribed.endpoint', 'forms.subscribed.waitEndpoint'] as const)
  const said = t(saidKey)
  const message = wait ? `${said} ${t(waitKey, wait)}` : said
  const body = html`<h1>${t('forms.subscribed.heading')}</h1><p class="notice ok" role="status">${message}</p><p><a href="/">${t('forms.back')}</a></p>`
  return renderDocument({ title: t('forms.subscribed.title'), settings, body })
}

/** Before the click: a button (link scanners that open the link confirm nothing). After: the outcome. */
/** `manage`: the subscriber's own page (`/manage/<token>`), linked once the subscription is confirmed. */
/** `following`: the subscription follows one incident, and hears only of it until it is resolved. */
export function verifyPage(
  settings: SiteSettings,
  outcome: VerifyOutcome,
  done: boolean,
  manage: string | null = null,
  following = false,
): string {
  const t = tOf(settings)
  const pending = outcome === 'verified' && !done
  const title = t(pending ? 'forms.verify.heading' : `forms.verify.title.${outcome}`)
  const confirmed = outcome === 'verified' || outcome === 'already_verified'
  const body = pending
    ? html`<h1>${title}</h1>
<p>${t('forms.verify.ask', { site: settings.siteName })}</p>
<form method="post"><button type="submit">${t('forms.verify.button')}</button></form>`
    : html`<h1>${title}</h1>
<p class="notice ${confirmed ? 'ok' : 'error'}" role="status">${t(following && outcome === 'verified' ? 'forms.verify.message.following' : `forms.verify.message.${outcome}`)}</p>
${confirmed ? null : html`<p><a href="/subscribe">${t('forms.subscribeAgain')}</a></p>`}
${manage && confirmed ? html`<p>${tHtml(t, 'forms.verify.manage', { link: html`<a href="${manage}">${t('forms.verify.manageLink')}</a>` })}</p>` : null}
<p><a href="/">${t('forms.goStatus')}</a></p>`
  return renderDocument({ title, settings, body })
}

/** "ja***@example.com", "+4915******78": enough for the owner to recognise, little for anyone else. */
export function maskAddress(address: string): string {
  const at = address.indexOf('@')
  if (at > 0) return `${address.slice(0, Math.min(2, at))}***${address.slice(at)}`
  return address.length > 6 ? `${address.slice(0, 5)}${'*'.repeat(address.length - 7)}${address.slice(-2)}` : '***'
}

export function unsubscribePage(
  settings: SiteSettings,
  outcome: UnsubscribeOutcome,
  done: boolean,
  address: string | null,
  manage: string | null = null,
): string {
  const t = tOf(settings)
  const pending = outcome === 'unsubscribed' && !done
  const title = t(pending ? 'forms.unsubscribe.heading' : `forms.unsubscribe.title.${outcome}`)
  const site = settings.siteName
  const body = pending
    ? html`<h1>${title}</h1>
<p>${address ? tHtml(t, 'forms.unsubscribe.askTo', { address: html`<strong>${maskAddress(address)}</strong>`, site }) : t('forms.unsubscribe.ask', { site })}</p>
<form method="post"><button type="submit">${t('forms.unsubscribe.button')}</button></form>
${manage ? html`<p>${tHtml(t, 'forms.unsubscribe.orManage', { link: html`<a href="${manage}">${t('forms.unsubscribe.manageLink')}</a>` })}</p>` : null}`
    : html`<h1>${title}</h1>
<p class="notice ${outcome === 'not_found' ? 'error' : 'ok'}" role="status">${t(`forms.unsubscribe.message.${outcome}`)}</p>
${outcome !== 'not_found' ? html`<p>${subscribeAgain(t)}</p>` : null}
<p><a href="/">${t('forms.goStatus')}</a></p>`
  return renderDocument({ title, settings, body })
}

/** "Changed your mind? Subscribe again." */
const subscribeAgain = (t: Translate): SafeHtml =>
  tHtml(t, 'forms.changedMind', { link: html`<a href="/subscribe">${t('forms.subscribeAgain')}</a>` })

export interface ManageState {
  address: string
  active: boolean
  /** The slugs the subscription is limited to; empty: every service. */
  services: string[]
  /** It follows one incident (it has no services to choose, and ends with the incident): its title and page, if any. */
  following?: { title: string | null; path: string | null }
  notice?: string
  error?: string
}

/**
 * `/manage/<token>`, behind the link in every message: the subscriber changes which services they hear about, or
 * leaves. Two forms that POST to the page itself (no JavaScript): save the choice, or unsubscribe.
 */
export function managePage(settings: SiteSettings, groups: ServiceGroup[], state: ManageState | null): string {
  const t = tOf(settings)
  if (!state) {
    const title = t('forms.manage.invalidTitle')
    const body = html`<h1>${title}</h1><p class="notice error" role="status">${t('forms.manage.invalid')}</p><p><a href="/subscribe">${t('forms.subscribe.title')}</a></p>`
    return renderDocument({ title, settings, body })
  }
  const title = t('forms.manage.heading')
  const notice = state.error
    ? html`<p class="notice error" role="alert">${state.error}</p>`
    : state.notice
      ? html`<p class="notice ok" role="status">${state.notice}</p>`
      : null
  const site = settings.siteName
  const address = html`<strong>${maskAddress(state.address)}</strong>`
  if (!state.active) {
    const body = html`<h1>${title}</h1>${notice}
<p>${tHtml(t, 'forms.manage.ended', { address, site })}</p>
<p>${subscribeAgain(t)}</p>
<p><a href="/">${t('forms.goStatus')}</a></p>`
    return renderDocument({ title, settings, body })
  }
  const chosen = new Set(state.services)
  const scope = chosen.size ? 'some' : 'all'
  const { following } = state
  const what = following
    ? html`<p>${tHtml(t, 'forms.manage.following', { address, site, incident: following.path && following.title ? html`<a href="${following.path}">${following.title}</a>` : t('forms.manage.deletedIncident') })}</p>`
    : html`<p>${tHtml(t, 'forms.manage.active', { address, site, scope })}</p>
<form method="post" class="card stacked">
<input type="hidden" name="action" value="save">
${serviceChoices(t, groups, chosen)}
<p><button type="submit">${t('forms.manage.save')}</button></p>
</form>`
  const body = html`<h1>${title}</h1>${notice}
${what}
<h2>${t('forms.manage.leave')}</h2>
<form method="post" class="stacked">
<input type="hidden" name="action" value="unsubscribe">
<p>${t('forms.manage.leaveText')}</p>
<p><button type="submit">${t('forms.unsubscribe.button')}</button></p>
</form>`
  return renderDocument({ title, settings, body })
}

/** Why the form's subscription was refused, in the reader's language (the APIs say it in English). */
export function subscribeProblemText(t: Translate, problem: SubscribeProblem | undefined): string {
  switch (problem?.kind) {
    case 'email-required':
      return t('forms.problem.emailRequired')
    case 'email-invalid':
      return t('forms.problem.emailInvalid')
    case 'phone-required':
      return t('forms.problem.phoneRequired')
    case 'phone-invalid':
      return t('forms.problem.phoneInvalid', { example: problem.example })
    case 'services':
      return t('forms.problem.services', { max: problem.max })
    case 'url-required':
      return t('forms.problem.urlRequired')
    case 'url-invalid':
      return t('forms.problem.urlInvalid')
    case 'chat-url':
      return t('forms.problem.chatUrl', { service: CHANNEL_LABELS[problem.channel], example: problem.example })
    default:
      // Nothing the form sends (a type of its own): said without its details.
      return t('forms.problem.other')
  }
}

/** Why a subscription by a channel cannot be taken now (src/domain/channels.ts, channelRefusalKind). */
export function channelRefusalText(t: Translate, refused: 'none' | Channel): string {
  if (refused === 'none') return t('forms.subscribe.none')
  if (refused === 'email') return t('forms.subscribe.refusedEmail')
  if (refused === 'sms') return t('forms.subscribe.refusedSms')
  // A webhook or a chat channel: confirmed by e-mail, which this site cannot send.
  return t('forms.subscribe.refusedEndpoint')
}

export interface FollowFormState {
  type?: 'email' | 'sms'
  email?: string
  phone?: string
  error?: string
  /** The incident is resolved: nothing to follow any more. */
  closed?: boolean
}

/**
 * "Follow this incident" on an unresolved incident's page: its updates and its resolution by e-mail or SMS (those the
 * page can send), then the subscription ends. It posts to the subscribe form with the incident's id.
 */
export function followForm(
  t: Translate,
  channels: FormChannels,
  shortId: string,
  state: FollowFormState = {},
): SafeHtml | null {
  if (!channels.email && !channels.sms) return null
  // Refused because the incident was resolved meanwhile: the refusal, and no form.
  if (state.closed)
    return html`<section aria-labelledby="follow-h" class="card subscribe" id="follow">
<h2 id="follow-h" class="flush">${t('forms.follow.heading')}</h2>
<p class="notice error" role="alert">${state.error}</p>
</section>`
  const how = channels.email && channels.sms ? 'both' : channels.email ? 'email' : 'sms'
  const email = channels.email
    ? html`<p><label for="follow-email">${t('forms.field.email')}</label><br><input id="follow-email" name="email" type="email" autocomplete="email" maxlength="254" value="${state.email ?? ''}"></p>`
    : null
  const phone = channels.sms
    ? html`<p><label for="follow-phone">${t('forms.field.phone')}</label><br><input id="follow-phone" name="phone" type="tel" autocomplete="tel" maxlength="20" placeholder="+14155550123" value="${state.phone ?? ''}"></p>`
    : null
  const type = state.type === 'sms' || !channels.email ? 'sms' : 'email'
  const checked = (value: string) => (type === value ? raw(' checked') : '')
  const choice =
    how === 'both'
      ? html`<fieldset><legend>${t('forms.field.how')}</legend>
<label class="choice"><input type="radio" name="type" value="email"${checked('email')}> ${t('forms.field.byEmail')}</label>
<label class="choice"><input type="radio" name="type" value="sms"${checked('sms')}> ${t('forms.field.bySms')}</label>
</fieldset>`
      : html`<input type="hidden" name="type" value="${type}">`
  return html`<section aria-labelledby="follow-h" class="card subscribe" id="follow">
<h2 id="follow-h" class="flush">${t('forms.follow.heading')}</h2>
<p class="meta flush">${t('forms.follow.intro', { how })}</p>
${state.error ? html`<p class="notice error" role="alert">${state.error}</p>` : null}
<form method="post" action="/subscribe" class="stacked">
<input type="hidden" name="incident" value="${shortId}">
${choice}
${email}
${phone}
<p><button type="submit">${t('forms.follow.button')}</button></p>
</form>
</section>`
}

/** Services a form named that the page does not have: `"a", "b"`, as the APIs name them. */
export const unknownServicesText = (t: Translate, slugs: string[]): string =>
  t('forms.problem.unknownServices', { slugs: slugs.map((slug) => `"${slug}"`).join(', ') })
