/**
 * The base of every public page address (`<base>/i/<shortId>`, src/domain/page-address.ts), in one place because two
 * kinds of reader need different fallbacks when the operator configured none:
 * - a public response (the API, the pages, the feeds) is read by whoever sent the request, so it may use the origin
 *   that request was addressed to (`publicLinks`);
 * - a message (e-mail, SMS) is read by somebody else, so it never takes a request's Host: an anonymous subscribe
 *   request could otherwise choose where the confirmation link of somebody else's address points. Without a
 *   configured base it uses the local address, with a warning (`messageBaseUrl`).
 */
import type { Payload, PayloadRequest } from 'payload'

import { type Env, env } from '@/config/env'
import { KNOWN_HOST_HEADER, PAGE_KEY_HEADER, PUBLIC_ORIGIN_HEADER } from '@/runtime/headers'
import { currentDataVersion } from '@/runtime/data-version'
import { sharedPerVersion } from '@/runtime/version-memo'
import { type ContentLanguage, contentLanguage } from '@/domain/content-language'
import type { DateFormat } from '@/domain/date-format'
import type { Locale } from '@/domain/locales'
import { pageKeyOf, pagePathPrefix, type PageScope } from '@/domain/pages'

import { requireAccess } from './page-access'
import { type PageLanguage, pageLanguage } from './page-language'
import { loadPages, pageOfRequest, type PageRecord } from './pages'
import { siteSettings } from './site-settings'

/** The public page addresses of a response: `<base>/i/<shortId>` and `<base>/m/<shortId>`. */
export interface Links {
  base: string
  /** The page whose addresses these are, and what of the data it shows (src/domain/pages.ts). */
  scope: PageScope
  /** The language its content is read in (docs/languages.md, "Content"); none: the default language's. */
  content?: ContentLanguage
}

/** The base the operator configured for public page addresses: the setting, else PUBLIC_URL; null when neither. */
export async function configuredBaseUrl(payload: Payload, req?: PayloadRequest): Promise<string | null> {
  const settings = await payload.findGlobal({ slug: 'settings', depth: 0, select: { publicUrl: true }, req })
  const base = settings.publicUrl?.trim() || env().PUBLIC_URL
  return base ? base.replace(/\/+$/, '') : null
}

/**
 * The origin a request was addressed to. The edge (server.ts, src/edge/public-origin.ts) determines it from Host, or
 * from a trusted proxy's forwarded headers, and replaces whatever a client sent under its header. Next's own
 * `request.url` names the address Next listens on (`localhost:<port>`), not the one the client used, so it is only
 * the fallback (for a request with no usable Host, or one that did not come through the edge).
 */
export function requestOrigin(request: Request): string {
  return request.headers.get(PUBLIC_ORIGIN_HEADER) ?? new URL(request.url).origin
}

/** The configured base, read once per data version (a change of the setting moves it): every public miss needs it. */
const sharedConfiguredBase = sharedPerVersion(currentDataVersion, (payload: Payload) => configuredBaseUrl(payload))

/**
 * The base of a page's addresses (without a language): the page's public URL as configured (the default page's: the
 * setting, else PUBLIC_URL), else the origin the request was addressed to with the `/p/<slug>` it came by.
 */
export async function pageBase(
  payload: Payload,
  request: Request,
  { page, pathPrefix }: { page: PageRecord | null; pathPrefix: string },
): Promise<string> {
  const configured = page ? page.publicUrl : await sharedConfiguredBase(payload)
  return configured ?? requestOrigin(request) + pathPrefix
}

/**
 * The page a public response is for (src/settings/pages.ts) and the base of its addresses: the page's public URL as
 * configured, else the origin the request was addressed to (with the `/p/<slug>` the request came by).
 */
export async function publicPage(
  payload: Payload,
  request: Request,
): Promise<{ links: Links; page: PageRecord | null; gate: PageRecord; knownHost: boolean; language: PageLanguage }> {
  const { page, gate, scope, hostClaimed } = await pageOfRequest(payload, request)
  requireAccess(request, { page, gate }, { secret: payload.secret, pathPrefix: scope.pathPrefix })
  const defaultBase = await sharedConfiguredBase(payload)
  const origin = request.headers.get(PUBLIC_ORIGIN_HEADER)
  // The site's own hosts (a page's, or the default page's public base URL's), as the response cache needs to know.
  const knownHost =
    hostClaimed || (origin !== null && defaultBase !== null && new URL(defaultBase).host === new URL(origin).host)
  const base = await pageBase(payload, request, { page, pathPrefix: scope.pathPrefix })
  const language = pageLanguage(request, { pageDefault: gate.language, base, pathname: new URL(request.url).pathname })
  const content = contentLanguage(language.locale, gate.language)
  return { links: { base, scope, content }, page, gate, knownHost, language }
}

/**
 * Tells the response cache whose response this is (src/runtime/headers.ts): the page's key, so that only that page's
 * changes make it stale, and whether the host is the site's own. The edge removes both headers on the way out.
 */
export function markPageResponse(
  response: Response,
  { page, gate, knownHost }: { page: PageRecord | null; gate: PageRecord; knownHost: boolean },
  cacheKey: (pageKey: number) => number | readonly number[] = (pageKey) => pageKey,
): Response {
  response.headers.set(PAGE_KEY_HEADER, String(cacheKey(pageKeyOf(page?.id ?? null))))
  if (knownHost) response.headers.set(KNOWN_HOST_HEADER, '1')
  if (gate.access.private) markPrivate(response)
  return response
}

/**
 * A private page's response (docs/private-pages.md): one reader's, so no cache keeps it (the edge's neither: it
 * keeps nothing marked so), and no search engine lists it.
 */
export function markPrivate(response: Response): Response {
  response.headers.set('cache-control', 'private, no-store')
  response.headers.set('x-robots-tag', 'noindex')
  response.headers.append('vary', 'Cookie')
  return response
}

let warned = false

export function fallbackBaseUrl(settings: Env = env()): string {
  const base = `http://localhost:${settings.PORT}`
  if (!warned) {
    warned = true
    console.warn(`Links in e-mails and SMS point to ${base}: set the Public base URL in Settings, or PUBLIC_URL.`)
  }
  return base
}

/** The base of a message's links: as configured, else the local address (never a request's Host). */
export async function messageBaseUrl(payload: Payload, req?: PayloadRequest): Promise<string> {
  return (await configuredBaseUrl(payload, req)) ?? fallbackBaseUrl()
}

/** What a message about a page says it is from, and the base of its links. */
export interface MessagePage {
  /** The page's name; null: the default page's (the site's name). */
  name: string | null
  base: string
  /** The page's logo, else the default page's, at an absolute address (an e-mail is read far from the site). */
  logo: { url: string; alt: string } | null
  /** How its messages say times: the page's zone and date format, else the default page's. */
  timeZone: string
  dateFormat: DateFormat | null
  /** The page's default language: its addresses without a prefix speak it (docs/languages.md). */
  language: Locale
}

/**
 * A page's name and the base of its messages' links (docs/pages.md): the page's public URL, else the default base
 * with the page's `/p/<slug>` (a page nobody gave a host name is still reachable there). The default page (null),
 * and a page since deleted, get the default page's.
 */
export async function messagePage(payload: Payload, pageId: number | null): Promise<MessagePage> {
  const [{ pages, defaultPage }, base, settings] = await Promise.all([
    loadPages(payload),
    messageBaseUrl(payload),
    siteSettings(payload),
  ])
  const page = pageId === null ? undefined : pages.find((p) => p.id === pageId)
  // Uploads are served from the root of every host the site answers on: the page's own host, else the default base's.
  const logo = page?.logo ?? settings.logo
  const absolute = logo && { url: new URL(logo.url, `${page?.publicUrl ?? base}/`).href, alt: logo.alt }
  const times = {
    timeZone: page?.timeZone ?? settings.timeZone,
    dateFormat: page?.branding.dateFormat ?? settings.dateFormat ?? null,
    language: (page ?? defaultPage).language,
  }
  if (!page) return { name: null, base, logo: absolute, ...times }
  return { name: page.name, base: page.publicUrl ?? base + pagePathPrefix(page.slug), logo: absolute, ...times }
}
