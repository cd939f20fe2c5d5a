/**
 * The shell of every public page and feed: Payload, the public links and the site settings; an HTML 404 or error
 * page instead of a stack trace (the service's errors, src/errors.ts, keep their status; anything else is a 500).
 * Responses are built here (not by React) so the pages ship no framework runtime.
 */
import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

import { DEFAULT_SITE_NAME } from '@/domain/site'
import { metricsKeyOf } from '@/domain/metrics'
import { NotFound, publicError } from '@/errors'
import { PUBLIC_CACHE_CONTROL } from '@/edge/cache-control'
import { type Translate, tOf } from '@/i18n/translate'
import { EXPIRES_HEADER } from '@/runtime/headers'
import { loggablePath } from '@/edge/public-paths'
import { ResponseClock } from '@/public-api/clock'
import { taggedResponse } from '@/public-api/http'
import { type Links, markPageResponse, markPrivate, publicPage } from '@/settings/base-url'
import { AccessRequired, type GatedPage } from '@/settings/page-access'
import type { PageRecord } from '@/settings/pages'
import type { SiteSettings } from '@/settings/site-settings'

import { accessLanguage } from './access-language'
import { accessPage, accessShell, signInProblemPage } from './access-pages'
import { siteContentSecurityPolicy } from './content-security-policy'
import { pageShell } from './page-shell'
import { underPathPrefix } from './path-prefix'
import { errorPage, notFoundPage } from './pages'

export interface SiteContext {
  payload: Payload
  links: Links
  /** The page the request is for (null: the default page); its scope is in `links`, its presentation in `settings`. */
  page: PageRecord | null
  /** Who may read it: the page's record, or the default page's (src/settings/pages.ts). */
  gate: PageRecord
  settings: SiteSettings
  /** The one `now` of this response; whatever is rendered from it reports here when it changes. */
  clock: ResponseClock
}

export interface SiteBody {
  body: string
  contentType?: string
  status?: number
  /** One subscriber's page (a token in its address): never stored anywhere, and no referrer leaves it. */
  private?: boolean
  /** The compact view's `frame-ancestors` directive (src/domain/embedding.ts), added to the page's policy. */
  frameAncestors?: string
  /**
   * The page shows metric charts: its policy allows their stylesheet, and its cached copy is also stale when points
   * are written (the page's metrics key, src/domain/metrics.ts's metricsKeyOf, beside its own).
   */
  charts?: boolean
}

/** `settings`: what the page was rendered with (its accent's style is allowed by the policy). */
function respond(
  request: Request,
  settings: SiteSettings,
  { body, contentType = 'text/html; charset=utf-8', status = 200, private: personal, frameAncestors, charts }: SiteBody,
  expiresAt: Date | null = null,
): Response {
  const headers = new Headers({
    'cache-control': status === 200 && !personal ? PUBLIC_CACHE_CONTROL : 'no-store',
    'x-content-type-options': 'nosniff',
  })
  headers.set('referrer-policy', personal ? 'no-referrer' : 'strict-origin-when-cross-origin')
  if (contentType.startsWith('text/html'))
    headers.set('content-security-policy', siteContentSecurityPolicy(settings, frameAncestors, charts))
  if (expiresAt) headers.set(EXPIRES_HEADER, String(expiresAt.getTime()))
  if (status === 200 && !personal) return taggedResponse(request, body, contentType, headers)
  headers.set('content-type', contentType)
  return new Response(request.method === 'HEAD' ? null : body, { status, headers })
}

const FALLBACK_SETTINGS: SiteSettings = {
  siteName: DEFAULT_SITE_NAME,
  description: null,
  timeZone: 'UTC',
  logo: null,
  favicon: null,
}

type Handler<P> = (request: Request, context: SiteContext, params: P) => Promise<SiteBody>

/** A private page's reader (let in): no search engine lists it, and a password reader may sign out. */
function privateShell(settings: SiteSettings, gate: PageRecord): SiteSettings {
  if (!gate.access.private) return settings
  return { ...settings, noindex: true, signOut: gate.access.passwordHashes.length > 0 }
}

/** A text of a private page's answer, said in the reader's language (the answer knows which). */
export type Said = (t: Translate) => string

/** What the access page says beside the form: a wrong password, too many attempts. */
export interface AccessAnswer {
  status?: number
  error?: Said
  headers?: Readonly<Record<string, string>>
  /** The page's path (without its `/p/<slug>`) to go back to after signing in. */
  returnTo: string
}

/** A private page (null: the default page) with its gate's record, and the `/p/<slug>` its request came by. */
export interface PrivatePageAt {
  where: GatedPage
  pathPrefix: string
}

/**
 * A private page's answer in its name and style (the shell, without anything it shows), private and unstored, in the
 * reader's language (its links under the language's prefix, its other languages those of `returnTo`).
 */
async function privatePageAnswer(
  request: Request,
  { where: { page, gate }, pathPrefix }: PrivatePageAt,
  { status, returnTo }: { status: number; returnTo: string },
  render: (settings: SiteSettings) => string,
  headers: Readonly<Record<string, string>> = {},
): Promise<Response> {
  const payload = await getPayload({ config })
  const shell = accessShell(await pageShell(payload, page, { id: page?.id ?? null, pathPrefix, sections: [] }))
  const language = await accessLanguage(payload, request, { page, gate, pathPrefix, returnTo })
  const settings = { ...shell, language }
  const body = underPathPrefix(render(settings), pathPrefix + language.prefix)
  const response = respond(request, settings, { status, body, private: true })
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
  return markPrivate(response)
}

/**
 * A private page's sign-in or refusal, in its name and style, and nothing of its content (src/site/access-pages.ts):
 * what a reader without access gets for any of its addresses, and what the sign-in answers when it fails.
 */
export async function accessResponse(
  request: Request,
  { where, pathPrefix, refusal }: Pick<AccessRequired, 'where' | 'pathPrefix' | 'refusal'>,
  { status = refusal === 'sign-in' ? 401 : 403, error, headers = {}, returnTo }: AccessAnswer,
): Promise<Response> {
  const { access } = where.gate
  const ways = { password: access.passwordHashes.length > 0, provider: access.oidc?.label ?? null }
  return privatePageAnswer(
    request,
    { where, pathPrefix },
    { status, returnTo },
    (settings) => accessPage(settings, refusal, { returnTo, error: error?.(tOf(settings)), ways }),
    headers,
  )
}

/** A sign-in with the page's identity provider that let nobody in (src/site/access-oidc.ts), saying why. */
export async function signInProblemResponse(
  request: Request,
  where: PrivatePageAt,
  { status, heading, message, returnTo }: { status: number; heading: Said; message: Said; returnTo: string },
  headers: Readonly<Record<string, string>> = {},
): Promise<Response> {
  return privatePageAnswer(
    request,
    where,
    { status, returnTo },
    (settings) => {
      const t = tOf(settings)
      return signInProblemPage(settings, { heading: heading(t), message: message(t), returnTo })
    },
    headers,
  )
}

interface SitePageOptions {
  /**
   * What a reader without access to a private page gets from this address instead of the page's sign-in (a 401): for
   * an address no person opens, whose failure would only be an error in somebody else's console (the widget's
   * script). Private and unstored as the sign-in is.
   */
  refused?: SiteBody
}

export function sitePage<P = Record<string, never>>(handler: Handler<P>, options: SitePageOptions = {}) {
  return async (request: Request, route: { params: Promise<P> }): Promise<Response> => {
    let settings = FALLBACK_SETTINGS
    try {
      const payload = await getPayload({ config })
      const requestPage = await publicPage(payload, request)
      const { links, page, gate, language } = requestPage
      settings = { ...privateShell(await pageShell(payload, page, links.scope), gate), language }
      const clock = new ResponseClock()
      const body = await handler(request, { payload, links, page, gate, settings, clock }, await route.params)
      const html = !body.contentType || body.contentType.startsWith('text/html')
      const response = respond(
        request,
        settings,
        html ? { ...body, body: underPathPrefix(body.body, links.scope.pathPrefix + language.prefix) } : body,
        clock.expiresAt,
      )
      // A page that asked not to be listed says so in its headers too (HTML, feeds and calendar alike).
      if (settings.noindex) response.headers.set('x-robots-tag', 'noindex')
      return markPageResponse(response, requestPage, body.charts ? (key) => [key, metricsKeyOf(key)] : undefined)
    } catch (error) {
      if (error instanceof AccessRequired)
        return options.refused
          ? markPrivate(respond(request, settings, options.refused))
          : accessResponse(request, error, { headers: error.headers, returnTo: new URL(request.url).pathname })
      if (error instanceof NotFound)
        return respond(request, settings, { status: 404, body: notFoundPage(settings, error.what) })
      const failure = publicError(error, '')
      if (!failure.expected)
        console.error(request.method, loggablePath(new URL(request.url).pathname), 'failed:', error)
      const response = respond(request, settings, { status: failure.status, body: errorPage(settings) })
      // A 503 (the database is down) says when to come back.
      for (const [name, value] of Object.entries(failure.headers)) response.headers.set(name, value)
      return response
    }
  }
}
