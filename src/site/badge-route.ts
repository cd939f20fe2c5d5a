/**
 * The answer of every badge address (`/badge/…`, docs/badges.md): the page the request is for, the badge its path
 * names, its options, its facts and its picture or JSON, cached by the edge like the pages (ETag, the public
 * Cache-Control, expiry when the uptime moves by the clock).
 *
 * What cannot be drawn is said in the form asked for: an SVG badge saying so (a README's `<img>` shows it), or for
 * the `.json` addresses an RFC 9457 problem as /api/v1 answers; 404 for a service, group or badge the page does not
 * have, 400 naming every bad parameter. A private page's badges answer a stranger as its other addresses do (401 or
 * 403, `private, no-store`), with nothing of the page in them (docs/private-pages.md).
 */
import config from '@payload-config'
import { getPayload } from 'payload'

import { type BadgeAddress, badgeFormatOf, badgeOptions, type InvalidParameter, parseBadgePath } from '@/domain/badges'
import { PUBLIC_CACHE_CONTROL } from '@/edge/cache-control'
import { loggablePath } from '@/edge/public-paths'
import { NotFound, publicError } from '@/errors'
import { type Translate, translator } from '@/i18n/translate'
import { badgeFacts } from '@/public-api/badges'
import { ResponseClock } from '@/public-api/clock'
import { CORS_HEADERS, invalidQueryResponse, problemResponse, taggedResponse } from '@/public-api/http'
import { EXPIRES_HEADER } from '@/runtime/headers'
import { markPageResponse, markPrivate, publicPage } from '@/settings/base-url'
import { AccessRequired } from '@/settings/page-access'
import { requestLocale } from '@/settings/page-language'

import { plainTranslator } from './access-language'
import { type BadgeText, badgeEndpoint, badgeSvg, badgeText, failedBadge, failedLabel } from './badges'

const SVG = 'image/svg+xml; charset=utf-8'
const JSON_TYPE = 'application/json; charset=utf-8'

/** Opened on its own, the picture is a document: it runs nothing and loads nothing but its own symbol. */
const SVG_HEADERS = {
  'content-security-policy': "default-src 'none'; img-src data:",
  'x-content-type-options': 'nosniff',
}
const JSON_HEADERS = { 'x-content-type-options': 'nosniff' }

/** A badge drawn: ETag and 304, the public Cache-Control, and its expiry for the response cache. */
function drawn(request: Request, body: string, contentType: string, expiresAt: Date | null): Response {
  const own = contentType === SVG ? SVG_HEADERS : JSON_HEADERS
  const headers = new Headers({ ...CORS_HEADERS, ...own, 'cache-control': PUBLIC_CACHE_CONTROL })
  if (expiresAt) headers.set(EXPIRES_HEADER, String(expiresAt.getTime()))
  return taggedResponse(request, body, contentType, headers)
}

interface Failure {
  status: number
  /** What the SVG says on its right. */
  message: string
  /** What the problem says. */
  detail: string
  invalid?: InvalidParameter[]
  headers?: Readonly<Record<string, string>>
}

/** A badge that could not be drawn, as an SVG saying why or a problem; never stored. */
function failed(request: Request, json: boolean, label: string, failure: Failure, t: Translate): Response {
  if (json)
    return failure.invalid
      ? invalidQueryResponse(request, failure.invalid, t)
      : problemResponse(request, { status: failure.status, detail: failure.detail }, failure.headers)
  const body = badgeSvg(failedBadge(label, failure.message), null)
  const headers = {
    ...CORS_HEADERS,
    ...SVG_HEADERS,
    ...failure.headers,
    'content-type': SVG,
    'cache-control': 'no-store',
  }
  return new Response(request.method === 'HEAD' ? null : body, { status: failure.status, headers })
}

/** What a 404 says is missing: the service or group its slug names, else the badge. */
const whatOf = (address: BadgeAddress | null): string =>
  address && address.subject.kind !== 'page' ? address.subject.kind : 'badge'

/** GET (and HEAD) of `/badge/<segments…>`. */
export async function badgeResponse(request: Request, segments: string[]): Promise<Response> {
  const json = badgeFormatOf(segments.at(-1) ?? '') === 'json'
  const address = parseBadgePath(segments)
  let t = plainTranslator(request)
  let page: Awaited<ReturnType<typeof publicPage>> | null = null
  try {
    const payload = await getPayload({ config })
    page = await publicPage(payload, request)
    const { language } = page
    t = language.t
    if (!address) throw new NotFound('badge')
    const asked = badgeOptions(new URL(request.url).searchParams)
    if ('invalid' in asked) {
      const names = asked.invalid.map((p) => p.name).join(', ')
      const message = t('site.badge.invalid', { names })
      const failure = { status: 400, message, detail: message, invalid: asked.invalid }
      return markPageResponse(failed(request, json, failedLabel(address.metric, t), failure, t), page)
    }
    const { label, style } = asked.options
    const clock = new ResponseClock()
    const text: BadgeText = badgeText(await badgeFacts(payload, page.links, address, clock), language, label)
    const response = json
      ? drawn(request, JSON.stringify(badgeEndpoint(text, style)), JSON_TYPE, clock.expiresAt)
      : drawn(request, badgeSvg(text, style), SVG, clock.expiresAt)
    return markPageResponse(response, page)
  } catch (error) {
    const label = failedLabel(address?.metric ?? null, t)
    if (error instanceof AccessRequired) {
      // In the language the address named, else the page's own: nothing else of the page is shown.
      const said = translator(requestLocale(request, error.where.gate.language))
      const failure = {
        status: error.status,
        message: said('site.badge.private'),
        detail: error.message,
        headers: error.headers,
      }
      return markPrivate(failed(request, json, failedLabel(address?.metric ?? null, said), failure, said))
    }
    if (error instanceof NotFound) {
      const message = t('site.badge.notFound', { what: whatOf(address) })
      const response = failed(request, json, label, { status: 404, message, detail: message }, t)
      return page ? markPageResponse(response, page) : response
    }
    const failure = publicError(error, t('site.error.text'))
    if (!failure.expected) console.error('GET', loggablePath(new URL(request.url).pathname), 'failed:', error)
    const message = t('site.badge.unavailable')
    return failed(request, json, label, { ...failure, message, detail: failure.message }, t)
  }
}
