/**
 * The subscriber's pages: the subscribe form (on `/` and, with SMS and a choice of services, at `/subscribe`), the
 * confirmation page behind the link in the confirmation message, and the unsubscribe page behind the link in every
 * notification. Plain forms that work without JavaScript: each button POSTs to its own page.
 */
import { NO_CHANNEL, type FormChannels } from '@/domain/channels'
import { html, raw, type SafeHtml } from '@/format/html'
import type { UnsubscribeOutcome, VerifyOutcome } from '@/domain/subscription-outcomes'
import type { ServiceGroup } from '@/public-api/schemas'
import type { SiteSettings } from '@/settings/site-settings'

import { renderDocument } from './layout'

/** The compact form on `/`: an e-mail address and a button, offering only the channels this site can send on. */
export function homeSubscribeForm(channels: FormChannels): SafeHtml {
  const heading = html`<h2 id="subscribe-h" class="flush">Get notified</h2>`
  if (!channels.email && !channels.sms) {
    return html`<section aria-labelledby="subscribe-h" class="card subscribe">${heading}<p class="meta flush">${NO_CHANNEL}</p></section>`
  }
  if (!channels.email) {
    return html`<section aria-labelledby="subscribe-h" class="card subscribe">${heading}
<p class="meta flush">A text message when an incident starts, changes or ends, and when maintenance is scheduled.</p>
<p><a href="/subscribe">Subscribe by text message (SMS)</a></p>
</section>`
  }
  return html`<section aria-labelledby="subscribe-h" class="card subscribe">${heading}
<p class="meta flush">An e-mail when an incident starts, changes or ends, and when maintenance is scheduled. You confirm by e-mail first.</p>
<form method="post" action="/subscribe" class="inline-form">
<input type="hidden" name="type" value="email">
<label for="subscribe-email">E-mail address</label>
<input id="subscribe-email" name="email" type="email" autocomplete="email" required maxlength="254">
<button type="submit">Subscribe</button>
</form>
<p class="meta"><a href="/subscribe">${channels.sms ? 'Subscribe by SMS, or only to some services' : 'Subscribe to only some services'}</a></p>
</section>`
}

export interface SubscribeFormState {
  type?: 'email' | 'sms'
  email?: string
  phone?: string
  services?: string[]
  error?: string
}

function serviceChoices(groups: ServiceGroup[], chosen: Set<string>): SafeHtml {
  const listed = groups.filter((g) => g.services.length > 0)
  if (listed.length === 0) return html``
  return html`<fieldset><legend>Services (optional)</legend>
<p class="meta flush">Choose none to hear about everything.</p>
${listed.map(
  (g) =>
    html`<div class="choice-group"><p class="choice-title">${g.name}</p>${g.services.map(
      (s) =>
        html`<label class="choice"><input type="checkbox" name="services" value="${s.slug}"${chosen.has(s.slug) ? raw(' checked') : ''}> ${s.name}</label>`,
    )}</div>`,
)}
</fieldset>`
}

function channelFields(channels: FormChannels, state: SubscribeFormState): SafeHtml {
  const email = html`<p><label for="email">E-mail address</label><br><input id="email" name="email" type="email" autocomplete="email" maxlength="254" value="${state.email ?? ''}"></p>`
  const phone = html`<p><label for="phone">Mobile number, international format</label><br><input id="phone" name="phone" type="tel" autocomplete="tel" maxlength="20" placeholder="+14155550123" value="${state.phone ?? ''}"></p>`
  if (!channels.sms) return html`<input type="hidden" name="type" value="email">${email}`
  if (!channels.email) return html`<input type="hidden" name="type" value="sms">${phone}`
  const type = state.type ?? 'email'
  const checked = (value: string) => (type === value ? raw(' checked') : '')
  return html`<fieldset><legend>How</legend>
<label class="choice"><input type="radio" name="type" value="email"${checked('email')}> E-mail</label>
<label class="choice"><input type="radio" name="type" value="sms"${checked('sms')}> Text message (SMS)</label>
</fieldset>
${email}
${phone}`
}

const HOW: Record<'email' | 'sms' | 'both', string> = {
  email: 'by e-mail',
  sms: 'by text message',
  both: 'by e-mail or by text message',
}

export function subscribePage(
  groups: ServiceGroup[],
  settings: SiteSettings,
  channels: FormChannels,
  state: SubscribeFormState = {},
): string {
  if (!channels.email && !channels.sms) {
    const body = html`<h1>Subscribe to updates</h1><p class="notice" role="status">${NO_CHANNEL}</p><p><a href="/">Back to the current status</a></p>`
    return renderDocument({ title: 'Subscribe', settings, current: 'subscribe', body })
  }
  const how = HOW[channels.email && channels.sms ? 'both' : channels.email ? 'email' : 'sms']
  const body = html`<h1>Subscribe to updates</h1>
<p>Hear about incidents and maintenances of ${settings.siteName} ${how}. You confirm with a link we send you first, and every message carries a link to unsubscribe.</p>
${state.error ? html`<p class="notice error" role="alert">${state.error}</p>` : null}
<form method="post" action="/subscribe" class="card stacked">
${channelFields(channels, state)}
${serviceChoices(groups, new Set(state.services ?? []))}
<p><button type="submit">Subscribe</button></p>
</form>`
  return renderDocument({ title: 'Subscribe', settings, current: 'subscribe', body })
}

/** After the form: the same words as the JSON endpoint, whatever the address's history. */
export function subscribedPage(message: string, settings: SiteSettings): string {
  const body = html`<h1>Almost done</h1><p class="notice ok" role="status">${message}</p><p><a href="/">Back to the current status</a></p>`
  return renderDocument({ title: 'Subscribed', settings, body })
}

const VERIFY_TITLES: Record<VerifyOutcome, string> = {
  verified: 'Subscription confirmed',
  already_verified: 'Already confirmed',
  expired: 'Link expired',
  not_found: 'Link not valid',
}

/** Before the click: a button (link scanners that open the link confirm nothing). After: the outcome. */
/** `manage`: the subscriber's own page (`/manage/<token>`), linked once the subscription is confirmed. */
export function verifyPage(
  settings: SiteSettings,
  outcome: VerifyOutcome,
  message: string,
  done: boolean,
  manage: string | null = null,
): string {
  const pending = outcome === 'verified' && !done
  const body = pending
    ? html`<h1>Confirm your subscription</h1>
<p>Confirm that you want to receive status updates from ${settings.siteName}.</p>
<form method="post"><button type="submit">Confirm subscription</button></form>`
    : html`<h1>${VERIFY_TITLES[outcome]}</h1>
<p class="notice ${outcome === 'verified' || outcome === 'already_verified' ? 'ok' : 'error'}" role="status">${message}</p>
${outcome === 'expired' || outcome === 'not_found' ? html`<p><a href="/subscribe">Subscribe again</a></p>` : null}
${manage && (outcome === 'verified' || outcome === 'already_verified') ? html`<p><a href="${manage}">Manage your subscription</a>: choose services, or leave. Every message links there too.</p>` : null}
<p><a href="/">Go to the current status</a></p>`
  return renderDocument({ title: pending ? 'Confirm your subscription' : VERIFY_TITLES[outcome], settings, body })
}

const UNSUBSCRIBE_TITLES: Record<UnsubscribeOutcome, string> = {
  unsubscribed: 'Unsubscribed',
  already_unsubscribed: 'Already unsubscribed',
  not_found: 'Link not valid',
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
  message: string,
  done: boolean,
  address: string | null,
  manage: string | null = null,
): string {
  const pending = outcome === 'unsubscribed' && !done
  const body = pending
    ? html`<h1>Unsubscribe</h1>
<p>Stop all status updates from ${settings.siteName}${address ? html` to <strong>${maskAddress(address)}</strong>` : null}?</p>
<form method="post"><button type="submit">Unsubscribe</button></form>
${manage ? html`<p>Or <a href="${manage}">change which services you hear about</a>.</p>` : null}`
    : html`<h1>${UNSUBSCRIBE_TITLES[outcome]}</h1>
<p class="notice ${outcome === 'not_found' ? 'error' : 'ok'}" role="status">${message}</p>
${outcome !== 'not_found' ? html`<p>Changed your mind? <a href="/subscribe">Subscribe again</a>.</p>` : null}
<p><a href="/">Go to the current status</a></p>`
  return renderDocument({ title: pending ? 'Unsubscribe' : UNSUBSCRIBE_TITLES[outcome], settings, body })
}

export interface ManageState {
  address: string
  active: boolean
  /** The slugs the subscription is limited to; empty: every service. */
  services: string[]
  notice?: string
  error?: string
}

/**
 * `/manage/<token>`, behind the link in every message: the subscriber changes which services they hear about, or
 * leaves. Two forms that POST to the page itself (no JavaScript): save the choice, or unsubscribe.
 */
export function managePage(settings: SiteSettings, groups: ServiceGroup[], state: ManageState | null): string {
  if (!state) {
    const body = html`<h1>Link not valid</h1><p class="notice error" role="status">This link is not valid. It may have been mistyped.</p><p><a href="/subscribe">Subscribe</a></p>`
    return renderDocument({ title: 'Link not valid', settings, body })
  }
  const notice = state.error
    ? html`<p class="notice error" role="alert">${state.error}</p>`
    : state.notice
      ? html`<p class="notice ok" role="status">${state.notice}</p>`
      : null
  if (!state.active) {
    const body = html`<h1>Your subscription</h1>${notice}
<p>Updates from ${settings.siteName} to <strong>${maskAddress(state.address)}</strong> are cancelled: nothing more is sent there.</p>
<p>Changed your mind? <a href="/subscribe">Subscribe again</a>.</p>
<p><a href="/">Go to the current status</a></p>`
    return renderDocument({ title: 'Your subscription', settings, body })
  }
  const chosen = new Set(state.services)
  const body = html`<h1>Your subscription</h1>${notice}
<p>Status updates from ${settings.siteName} go to <strong>${maskAddress(state.address)}</strong>, ${chosen.size ? 'for the services checked below' : 'for every service'}.</p>
<form method="post" class="card stacked">
<input type="hidden" name="action" value="save">
${serviceChoices(groups, chosen)}
<p><button type="submit">Save my services</button></p>
</form>
<h2>Leave</h2>
<form method="post" class="stacked">
<input type="hidden" name="action" value="unsubscribe">
<p>Stop every update to this address.</p>
<p><button type="submit">Unsubscribe</button></p>
</form>`
  return renderDocument({ title: 'Your subscription', settings, body })
}
