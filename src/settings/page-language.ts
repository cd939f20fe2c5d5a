/**
 * The language a public request is answered in (docs/languages.md): the one its address names (the edge took the
 * prefix off and said which in LOCALE_HEADER, src/edge/page-path.ts), else the page's default language. Nothing else
 * chooses it: a cookie or Accept-Language only suggest another (the page's script), so every URL stays cacheable.
 */
import { env } from '@/config/env'
import {
  type AnyLocale,
  isLocale,
  LOCALE_NAMES,
  LOCALES,
  type Locale,
  localePathPrefix,
  PSEUDO_LOCALE,
  textDirection,
} from '@/domain/locales'
import { type Translate, translator } from '@/i18n/translate'
import { LOCALE_HEADER } from '@/runtime/headers'

export interface PageLanguage {
  locale: AnyLocale
  dir: 'ltr' | 'rtl'
  t: Translate
  /** The language's prefix in this page's addresses: '' for the page's default language, else `/<segment>`. */
  prefix: string
  /** The page's default language (its addresses without a prefix). */
  pageDefault: Locale
  /** The same address in each language the page speaks (absolute), for hreflang and the switcher. */
  alternates: { locale: AnyLocale; name: string; href: string }[]
}

/** The language of `request` on a page whose default language is `pageDefault`. */
export function requestLocale(request: Request, pageDefault: Locale): AnyLocale {
  const named = request.headers.get(LOCALE_HEADER)
  if (isLocale(named)) return named
  if (named === PSEUDO_LOCALE && env().I18N_PSEUDO_LOCALE) return PSEUDO_LOCALE
  return pageDefault
}

/** The language of a response: `base` is the page's base address (without a language), `pathname` Next's path. */
export function pageLanguage(
  request: Request,
  { pageDefault, base, pathname }: { pageDefault: Locale; base: string; pathname: string },
): PageLanguage {
  const locale = requestLocale(request, pageDefault)
  const search = new URL(request.url).search
  const alternates = LOCALES.map((other) => ({
    locale: other,
    name: LOCALE_NAMES[other],
    href: `${base}${localePathPrefix(other, pageDefault)}${pathname}${search}`,
  }))
  return {
    locale,
    dir: textDirection(locale),
    t: translator(locale),
    prefix: locale === pageDefault ? '' : localePathPrefix(locale, pageDefault),
    pageDefault,
    alternates,
  }
}
