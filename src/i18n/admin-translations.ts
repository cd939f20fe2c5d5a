/**
 * Our texts in the admin (docs/languages.md, "The admin"), from the catalogues, in the language Payload chose for the
 * operator (the `payload-lng` cookie set by the account's language setting, else the browser's Accept-Language):
 *
 * - the components' texts go to the config's `i18n.translations` under one namespace, so Payload hands the page the
 *   operator's language only, with its own translations, and the browser components format them
 *   (src/components/use-admin-text.ts); server components format the same texts here;
 * - the checks' messages (`admin.check.*`) are formatted on the server, in the request's language. A request without
 *   one (an API client, a script) is answered in English, in the words the API has always used.
 */
import type { AcceptedLanguages } from '@payloadcms/translations'

import type { Locale } from '@/domain/locales'

import { ADMIN_LANGUAGES, adminLocaleOf, type AdminLanguage } from './admin-languages'
import { ADMIN_NAMESPACE, type AdminKey, adminText, type AdminText, type AdminTexts } from './admin-text'
import { CATALOGUES, ENGLISH, type MessageKey } from './catalogues'
import { type Translate, translator } from './translate'

const isAdminKey = (key: string): key is AdminKey => key.startsWith('admin.ui.') || key.startsWith('site.status.')
const ADMIN_KEYS = (Object.keys(ENGLISH) as MessageKey[]).filter(isAdminKey)

const textsOf = (locale: Locale): AdminTexts =>
  Object.fromEntries(ADMIN_KEYS.map((key) => [key, CATALOGUES[locale][key] ?? ENGLISH[key]]))

/** For the config's `i18n.translations`: each admin language's texts under our namespace. */
export function adminTranslations(): Partial<Record<AcceptedLanguages, Record<string, AdminTexts>>> {
  const languages = Object.entries(ADMIN_LANGUAGES) as [AdminLanguage, Locale][]
  return Object.fromEntries(languages.map(([language, locale]) => [language, { [ADMIN_NAMESPACE]: textsOf(locale) }]))
}

const serverTexts = new Map<Locale, AdminText>()

/** A server component's words, in the language Payload renders the page in (its `i18n` prop). */
export function serverAdminText(i18n: { language: string }): AdminText {
  const locale = adminLocaleOf(i18n.language)
  let made = serverTexts.get(locale)
  if (!made) {
    made = adminText(locale, textsOf(locale))
    serverTexts.set(locale, made)
  }
  return made
}

/** What a check is given of its request: Payload's `req`, or nothing (a call from the server itself). */
export type RequestLanguage = { i18n?: { language?: string } } | null | undefined

/** The translator of a request's admin language (English without one). */
export const requestT = (req: RequestLanguage): Translate => translator(adminLocaleOf(req?.i18n?.language))

/** Each check's English text (without placeholders), and its key: the domain says its refusals in English. */
const CHECK_KEYS = new Map(
  (Object.keys(ENGLISH) as MessageKey[])
    .filter((key) => key.startsWith('admin.check.') && !ENGLISH[key].includes('{'))
    .map((key) => [ENGLISH[key] as string, key]),
)

/**
 * A refusal src/domain wrote in English, in the request's language: its text finds its key (as gettext finds a
 * message by its English), so the rules stay free of languages. A text no check has stays as written.
 */
export function inRequestLanguage(req: RequestLanguage, english: string): string {
  const key = CHECK_KEYS.get(english)
  return key ? requestT(req)(key) : english
}
