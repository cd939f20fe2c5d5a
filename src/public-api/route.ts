/**
 * The shell of every /api/v1 route: a Payload instance, the public links, and a problem response instead of a
 * stack trace when something fails: the service's errors (src/errors.ts) with their status and message, anything
 * else a 500 whose cause stays in the log.
 */
import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

import { env } from '@/config/env'
import { contentLanguage } from '@/domain/content-language'
import { LOCALES, localeOfSegment } from '@/domain/locales'
import { LOCALE_PARAMETER } from '@/domain/query-parameters'
import { publicError } from '@/errors'
import { translator } from '@/i18n/translate'

import { ResponseClock } from './clock'
import { invalidQueryResponse, problemResponse } from './http'
import type { ResponseLanguage } from './localized'
import { type Links, markPageResponse, markPrivate, publicPage } from '@/settings/base-url'
import { AccessRequired } from '@/settings/page-access'
import type { PageRecord } from '@/settings/pages'

export interface PublicContext {
  payload: Payload
  links: Links
  /** The page the request is for (null: the default page, the site's settings); its scope is in `links`. */
  page: PageRecord | null
  /** The one `now` of this response; what depends on it reports here when it changes (the response's expiry). */
  clock: ResponseClock
  /**
   * The language of the texts the service writes in the body (docs/api.md): `?locale=`, else the page's language (its
   * default). Editors' texts are as written.
   */
  language: ResponseLanguage
}

/** `?locale=` (any letter case, the last if sent twice): its language, null when absent, or a 400 when unknown. */
function askedLanguage(request: Request, t: ResponseLanguage['t']): ResponseLanguage | null | Response {
  const asked = new URL(request.url).searchParams.getAll(LOCALE_PARAMETER).at(-1)
  if (asked === undefined) return null
  const locale = localeOfSegment(asked, { pseudo: env().I18N_PSEUDO_LOCALE })
  if (locale) return { locale, t: translator(locale) }
  return invalidQueryResponse(request, [{ name: LOCALE_PARAMETER, reason: `must be one of ${LOCALES.join(', ')}` }], t)
}

type Handler<P> = (request: Request, context: PublicContext, params: P) => Promise<Response>

export interface PublicGetOptions {
  /**
   * The response cache's key of the response, from its page's (pageKeyOf); default: the page's. The metric routes
   * answer under metricsKeyOf, so a write of points makes them stale and not the page's status.
   */
  cacheKey?: (pageKey: number) => number
}

export function publicGet<P = Record<string, never>>(handler: Handler<P>, options: PublicGetOptions = {}) {
  return async (request: Request, route: { params: Promise<P> }): Promise<Response> => {
    try {
      const payload = await getPayload({ config })
      const requestPage = await publicPage(payload, request)
      const { page, gate, language: pageLanguage } = requestPage
      const asked = askedLanguage(request, pageLanguage.t)
      if (asked instanceof Response) return markPageResponse(asked, requestPage)
      const language = asked ?? pageLanguage
      // What people wrote is read in the asked language too (docs/languages.md, "Content").
      const links = asked
        ? { ...requestPage.links, content: contentLanguage(asked.locale, gate.language) }
        : requestPage.links
      const context = { payload, links, page, clock: new ResponseClock(), language }
      const response = await handler(request, context, await route.params)
      return markPageResponse(response, requestPage, options.cacheKey)
    } catch (error) {
      const failure = publicError(error, 'The status could not be read just now. Please try again shortly.')
      if (!failure.expected) console.error('GET', new URL(request.url).pathname, 'failed:', error)
      const response = problemResponse(request, { status: failure.status, detail: failure.message }, failure.headers)
      return error instanceof AccessRequired ? markPrivate(response) : response
    }
  }
}
