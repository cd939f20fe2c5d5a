/**
 * `GET /access/link/<token>`: a share link of a private page (docs/private-pages.md; src/domain/access-link.ts). A
 * link in force for the request's page is exchanged for the page's access cookie, naming the link
 * (src/settings/page-access.ts), and the reader is sent on to the page, so the token leaves the address bar and
 * the history entry the reader shares next. Anything else (a wrong, expired or revoked token, another page's) gets
 * the same 404 in the page's style, which says nothing of which it was; wrong tokens are throttled like passwords.
 */
import config from '@payload-config'
import { getPayload } from 'payload'

import { loginThrottle } from '@/auth/login-throttle'
import { usableLink } from '@/domain/access-link'
import { publicError } from '@/errors'
import type { Translate } from '@/i18n/translate'
import { CLIENT_ADDRESS_HEADER } from '@/runtime/headers'
import { linkAccessCookie } from '@/settings/page-access'
import { pageOfRequest } from '@/settings/pages'

import { languagePrefix, plainTranslator } from './access-language'
import { signInProblemResponse } from './respond'

// The token is in this address: no referrer names it, nothing keeps the answer.
const PRIVATE_HEADERS = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }

export async function accessLinkExchange(request: Request, token: string, now = Date.now()): Promise<Response> {
  try {
    const payload = await getPayload({ config })
    const { page: shown, gate: page, scope } = await pageOfRequest(payload, request)
    const pathPrefix = scope.pathPrefix
    // On to the page in the reader's language (the link's prefix: /de/access/link/… leads to /de/).
    const home = `${pathPrefix}${languagePrefix(request, page)}/`
    // A public page needs no link: it is open to whoever follows one.
    if (!page.access.private)
      return new Response(null, { status: 303, headers: { location: home, ...PRIVATE_HEADERS } })
    const where = { where: { page: shown, gate: page }, pathPrefix }
    const address = request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown'
    const account = `page:${page.id}`
    const throttle = loginThrottle()
    const wait = await throttle.attempt(address, account)
    const heading = (t: Translate) => t('forms.link.invalidHeading')
    if (wait !== null) {
      const message = (t: Translate) => t('forms.access.tooMany', { seconds: wait })
      return signInProblemResponse(
        request,
        where,
        { status: 429, heading, message, returnTo: '/' },
        {
          'Retry-After': String(wait),
          ...PRIVATE_HEADERS,
        },
      )
    }
    const link = usableLink(page.accessLinks, 'share', token, now)
    if (!link) {
      const message = (t: Translate) => t('forms.link.invalid')
      return signInProblemResponse(request, where, { status: 404, heading, message, returnTo: '/' }, PRIVATE_HEADERS)
    }
    await throttle.succeeded(address, account)
    return new Response(null, {
      status: 303,
      headers: {
        location: home,
        'set-cookie': linkAccessCookie(request, page, link, payload.secret, { pathPrefix, now }),
        ...PRIVATE_HEADERS,
      },
    })
  } catch (error) {
    const failure = publicError(error, plainTranslator(request)('forms.link.unavailable'))
    if (!failure.expected) console.error('GET /access/link failed:', error)
    return new Response(failure.message, {
      status: failure.status,
      headers: { ...failure.headers, 'content-type': 'text/plain; charset=utf-8', ...PRIVATE_HEADERS },
    })
  }
}
