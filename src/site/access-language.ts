/**
 * The language of a private page's sign-in and refusals, which answer outside sitePage (src/site/respond.ts): the
 * request's, as any page's (src/settings/page-language.ts), its other languages linking the page the reader asked for;
 * and the prefix a sign-in's redirect keeps, so that a reader who signs in at /de/… returns to /de/….
 */
import type { Payload } from 'payload'

import { env } from '@/config/env'
import { DEFAULT_LOCALE, localePathPrefix, splitLocalePath } from '@/domain/locales'
import { type Translate, translator } from '@/i18n/translate'
import { LOCALE_HEADER } from '@/runtime/headers'
import { pageBase } from '@/settings/base-url'
import { type PageLanguage, pageLanguage, requestLocale } from '@/settings/page-language'
import type { PageRecord } from '@/settings/pages'

/** The language's prefix of a request to the page `gate` guards: '' for the page's default language, else `/de`. */
export const languagePrefix = (request: Request, gate: PageRecord): string =>
  localePathPrefix(requestLocale(request, gate.language), gate.language)

/** The translator of a plain-text failure, whose page may be unknown: its prefix's language, else English. */
export const plainTranslator = (request: Request): Translate => translator(requestLocale(request, DEFAULT_LOCALE))

/** `returnTo`: the page's path the reader asked for (without its prefixes), which its other languages link. */
export async function accessLanguage(
  payload: Payload,
  request: Request,
  {
    page,
    gate,
    pathPrefix,
    returnTo,
  }: { page: PageRecord | null; gate: PageRecord; pathPrefix: string; returnTo: string },
): Promise<PageLanguage> {
  const base = await pageBase(payload, request, { page, pathPrefix })
  // The request's own query (a sign-in's code and state) belongs in no other address.
  const url = new URL(request.url)
  const bare = new Request(new URL(url.pathname, url), { headers: request.headers })
  return pageLanguage(bare, { pageDefault: gate.language, base, pathname: returnTo })
}

/**
 * A sign-in with the page's identity provider keeps the reader's language in its return path (`/de/history`: the
 * provider calls back to the one address it knows, without a prefix). The callback's request in that language, as
 * the edge would have said it, and the path without the prefix (for its links, which get the prefix back).
 */
export function inReturnLanguage(request: Request, returnTo: string): { request: Request; returnTo: string } {
  const split = splitLocalePath(returnTo, { pseudo: env().I18N_PSEUDO_LOCALE })
  if (!split) return { request, returnTo }
  const headers = new Headers(request.headers)
  headers.set(LOCALE_HEADER, split.locale)
  return { request: new Request(request.url, { headers }), returnTo: split.rest }
}
