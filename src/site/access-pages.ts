/**
 * What a reader without access to a private page sees (docs/private-pages.md): the sign-in form in the page's name
 * and style, or a refusal saying the page is open to certain networks only. Neither shows anything of the page's
 * content: no status, no description, no services.
 */
import type { AccessRefusal } from '@/domain/page-access'
import { html } from '@/format/html'
import type { SiteSettings } from '@/settings/site-settings'

import { renderDocument } from './layout'

/** The page's name and look, without anything it shows. */
export function accessShell(settings: SiteSettings): SiteSettings {
  return { ...settings, description: null, status: undefined, subscribable: false, noindex: true, bannerTexts: {} }
}

export function accessPage(
  settings: SiteSettings,
  refusal: AccessRefusal,
  { returnTo, error }: { returnTo: string; error?: string },
): string {
  if (refusal === 'network')
    return renderDocument({
      title: 'Private status page',
      settings,
      body: html`<h1>Private status page</h1><p>This status page is open only to certain networks, and the address you are reading from is not one of them. Ask its operator if you should have access.</p>`,
    })
  return renderDocument({
    title: 'Sign in',
    settings,
    body: html`<h1>Sign in</h1>
<p>This status page is private. Enter the password you were given to read it.</p>
<form method="post" action="/access" class="subscribe">
${error ? html`<p class="error" role="alert" id="access-error">${error}</p>` : null}
<input type="hidden" name="next" value="${returnTo}">
<label for="access-password">Password</label>
<input id="access-password" name="password" type="password" autocomplete="current-password" required${error ? html` aria-describedby="access-error"` : null}>
<button type="submit">Sign in</button>
</form>`,
  })
}
