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
import { CLIENT_ADDRESS_HEADER } from '@/runtime/headers'
import { linkAccessCookie } from '@/settings/page-access'
import { pageOfRequest } from '@/settings/pages'

import { signInProblemResponse } from './respond'

// The token is in this address: no referrer names it, nothing keeps the answer.
const PRIVATE_HEADERS = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }

export async function accessLinkExchange(request: Request, token: string, now = Date.now()): Promise<Response> {
  try {
    const payload = await getPayload({ config })
    const { page: shown, gate: page, scope } = await pageOfRequest(payload, request)
    const pathPrefix = scope.pathPrefix
    // A public page needs no link: it is open to whoever follows one.
    if (!page.access.private)
      return new Response(null, { status: 303, headers: { location: `${pathPrefix}/`, ...PRIVATE_HEADERS } })
    const where = { where: { page: shown, gate: page }, pathPrefix }
    const address = request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown'
    const account = `page:${page.id}`
    const throttle = loginThrottle()
    const wait = await throttle.attempt(address, account)
    const heading = 'This link is not valid'
    if (wait !== null) {
      const message = `Too many attempts. Try again in ${wait} seconds.`
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
      const message = 'It may have expired or been withdrawn. Ask whoever sent it for a new one.'
      return signInProblemResponse(request, where, { status: 404, heading, message, returnTo: '/' }, PRIVATE_HEADERS)
    }
    await throttle.succeeded(address, account)
    return new Response(null, {
      status: 303,
      headers: {
        location: `${pathPrefix}/`,
        'set-cookie': linkAccessCookie(request, page, link, payload.secret, { pathPrefix, now }),
        ...PRIVATE_HEADERS,
      },
    })
  } catch (error) {
    const failure = publicError(error, 'The link could not be checked just now. Please try again shortly.')
    if (!failure.expected) console.error('GET /access/link failed:', error)
    return new Response(failure.message, {
      status: failure.status,
      headers: { ...failure.headers, 'content-type': 'text/plain; charset=utf-8', ...PRIVATE_HEADERS },
    })
  }
}
