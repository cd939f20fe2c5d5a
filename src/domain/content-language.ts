/**
 * Which language of a text written in several (docs/languages.md, "Content") a reader gets: the reader's, else the
 * page's default language's, else English (the admin's default, where every text is written first). A text that
 * fell back to another language is remembered beside the shape that holds it, so that a page can say so, while the
 * shapes themselves (what the APIs answer) stay as they are.
 */
import { type AnyLocale, DEFAULT_LOCALE, isLocale, type Locale } from './locales'

/** The language a response reads content in, and the page's default language it falls back to. */
export interface ContentLanguage {
  reader: Locale
  pageDefault: Locale
}

/** A response's content language: the pseudo-locale reads the page's default language's texts. */
export function contentLanguage(locale: AnyLocale, pageDefault: Locale): ContentLanguage {
  return { reader: isLocale(locale) ? locale : pageDefault, pageDefault }
}

/**
 * Whether a response in this language may need a text of another language than the default one (English), where
 * every text is written first: a site read in English reads only those rows, as it did before any translation.
 */
export const readsOtherLanguages = (language: ContentLanguage | undefined): language is ContentLanguage =>
  Boolean(language && (language.reader !== DEFAULT_LOCALE || language.pageDefault !== DEFAULT_LOCALE))

/** Whether reading in this language may show a text from another that must be marked (the page default's needs none). */
export const marksFallbacks = (language: ContentLanguage | undefined): language is ContentLanguage =>
  Boolean(language && language.reader !== language.pageDefault)

/** The languages to try, in order, without repeats. */
export function fallbackChain({ reader, pageDefault }: ContentLanguage): Locale[] {
  return [...new Set<Locale>([reader, pageDefault, DEFAULT_LOCALE])]
}

const present = (value: unknown): boolean => value !== null && value !== undefined && value !== ''

/**
 * A text in the first language of the chain that has it, and that language (null: none has it). `values` is the
 * text per language as Payload reads it with `locale: 'all'`.
 */
export function pickLanguage<T>(
  values: Partial<Record<string, T | null | undefined>> | null | undefined,
  language: ContentLanguage,
): { value: T; locale: Locale } | null {
  if (!values || typeof values !== 'object') return null
  for (const locale of fallbackChain(language)) {
    const value = values[locale]
    if (present(value)) return { value: value as T, locale }
  }
  return null
}

/** Where a text fell back: the language it is shown in, and the reader's, which it is not in. */
export interface Fallback {
  locale: Locale
  reader: Locale
}

const fallbacks = new WeakMap<object, Record<string, Fallback>>()

/** Remembers that `field` of `shape` is shown in another language than the reader's. */
export function markFallback(shape: object, field: string, fallback: Fallback): void {
  const marks = fallbacks.get(shape)
  if (marks) marks[field] = fallback
  else fallbacks.set(shape, { [field]: fallback })
}

/** Where `field` of `shape` fell back; null when it is in the reader's language (or nobody marked it). */
export const fallbackOf = (shape: object, field: string): Fallback | null => fallbacks.get(shape)?.[field] ?? null

/** Carries the marks of `from` over to a copy of it, and gives the copy back. */
export function copyFallbacks<T extends object>(from: object, to: T): T {
  const marks = fallbacks.get(from)
  if (marks) fallbacks.set(to, { ...marks })
  return to
}

/**
 * `field` of a document read with `locale: 'all'`, in the reader's language or the one it falls back to: marks the
 * fallback on `shape` when the reader's language is not the page's default. `empty` when no language has it.
 */
export function localizedField<T>(
  values: unknown,
  language: ContentLanguage,
  mark: { shape: object; field: string } | null,
  empty: T,
): T {
  const picked = pickLanguage<T>(values as Partial<Record<string, T>>, language)
  if (!picked) return empty
  if (mark && picked.locale !== language.reader && marksFallbacks(language))
    markFallback(mark.shape, mark.field, { locale: picked.locale, reader: language.reader })
  return picked.value
}
