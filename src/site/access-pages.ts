/**
 * What a reader without access to a private page sees (docs/private-pages.md): the sign-in (the password form, the
 * identity provider's link, or both) in the page's name and style, or a refusal saying the page is open to certain
 * networks only. Neither shows anything of the page's
 * content: no status, no description, no services.
 */
import type { AccessRefusal } from '@/domain/page-access'
import { html } from '@/format/html'
import { type Translate, tOf } from '@/i18n/translate'
import type { SiteSettings } from '@/settings/site-settings'

import { renderDocument } from './layout'

/** The page's name and look, without anything it shows. */
export function accessShell(settings: SiteSettings): SiteSettings {
  return { ...settings, description: null, status: undefined, subscribable: false, noindex: true, bannerTexts: {} }
}

/** The ways a reader may sign in to the page: its passwords, and its identity provider's name (null: none). */
export interface SignInWays {
  password: boolean
  provider: string | null
}

/** The link that starts a sign-in with the page's identity provider, back to `returnTo` after. */
const providerLink = (t: Translate, provider: string, returnTo: string) =>
  html`<p><a class="button" href="/access/oidc?next=${encodeURIComponent(returnTo)}">${t('forms.access.withProvider', { provider })}</a></p>`

export function accessPage(
  settings: SiteSettings,
  refusal: AccessRefusal,
  { returnTo, error, ways }: { returnTo: string; error?: string; ways: SignInWays },
): string {
  const t = tOf(settings)
  if (refusal === 'network') {
    const title = t('forms.access.privateTitle')
    return renderDocument({
      title,
      settings,
      body: html`<h1>${title}</h1><p>${t('forms.access.networkOnly')}</p>`,
    })
  }
  const title = t('forms.access.signIn')
  const provider = ways.provider === null ? null : providerLink(t, ways.provider, returnTo)
  if (!ways.password)
    return renderDocument({
      title,
      settings,
      body: html`<h1>${title}</h1>
<p>${t('forms.access.providerOnly')}</p>
${provider}`,
    })
  return renderDocument({
    title,
    settings,
    body: html`<h1>${title}</h1>
<p>${t(provider ? 'forms.access.passwordOrProvider' : 'forms.access.passwordOnly')}</p>
${provider}
<form method="post" action="/access" class="subscribe">
${error ? html`<p class="error" role="alert" id="access-error">${error}</p>` : null}
<input type="hidden" name="next" value="${returnTo}">
<label for="access-password">${t('forms.access.password')}</label>
<input id="access-password" name="password" type="password" autocomplete="current-password" required${error ? html` aria-describedby="access-error"` : null}>
<button type="submit">${t('forms.access.signIn')}</button>
</form>`,
  })
}

/**
 * A sign-in with the identity provider that did not let the reader in: why (their account is not allowed, the
 * sign-in could not be completed or has expired), and a way to try again. Never the provider's own words.
 */
export function signInProblemPage(
  settings: SiteSettings,
  { heading, message, returnTo }: { heading: string; message: string; returnTo: string },
): string {
  const t = tOf(settings)
  return renderDocument({
    title: heading,
    settings,
    body: html`<h1>${heading}</h1>
<p>${message}</p>
<p><a href="${returnTo}">${t('forms.access.back')}</a></p>`,
  })
}
