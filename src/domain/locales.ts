/**
 * The languages the public surface speaks (docs/languages.md): which there are, how each is named in itself, which way
 * it is written, and how a language lives in an address. A page's default language has no prefix (`/history`); every
 * other language lives under its own (`/de/history`, `/p/<slug>/ja/i/<id>`), so that what a URL returns never
 * depends on who asks, and the cache key stays the path.
 */
export const LOCALES = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'ar'] as const
export type Locale = (typeof LOCALES)[number]

/**
 * The pseudo-locale of the tests (accented, lengthened English: docs/languages.md, "Translating"): a page rendered in it
 * shows every text that did not pass through a catalogue as plain English. Served only where switched on.
 */
export const PSEUDO_LOCALE = 'en-XA'
export type AnyLocale = Locale | typeof PSEUDO_LOCALE

export const DEFAULT_LOCALE: Locale = 'en'

/** Each language in its own words, for the language switcher. */
export const LOCALE_NAMES: Record<AnyLocale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  ar: 'العربية',
  [PSEUDO_LOCALE]: 'Ƥşḗŭḓǿ',
}

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar'])

export const textDirection = (locale: AnyLocale): 'ltr' | 'rtl' => (RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr')

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value)

/** A locale's segment in an address: lower case (`pt-br`), as paths are. */
export const localeSegment = (locale: AnyLocale): string => locale.toLowerCase()

/** The locale a path segment names (`de`, `pt-br`, `PT-BR`), or null; the pseudo-locale only when `pseudo` allows it. */
export function localeOfSegment(segment: string, { pseudo = false } = {}): AnyLocale | null {
  const wanted = segment.toLowerCase()
  if (pseudo && wanted === localeSegment(PSEUDO_LOCALE)) return PSEUDO_LOCALE
  return LOCALES.find((locale) => localeSegment(locale) === wanted) ?? null
}

const LOCALE_PATH = /^\/([A-Za-z]{2}(?:-[A-Za-z]{2})?)(\/.*)?$/

/** `/de/history` → `de` and `/history` (`/` for the language's home page); null for a path no language starts. */
export function splitLocalePath(
  pathname: string,
  options: { pseudo?: boolean } = {},
): { locale: AnyLocale; rest: string } | null {
  const match = LOCALE_PATH.exec(pathname)
  const locale = match ? localeOfSegment(match[1], options) : null
  return locale && match ? { locale, rest: match[2] || '/' } : null
}

/** The prefix of a language on a page whose default language is `pageDefault`: '' for the default, else `/<segment>`. */
export const localePathPrefix = (locale: AnyLocale, pageDefault: Locale): string =>
  locale === pageDefault ? '' : `/${localeSegment(locale)}`
