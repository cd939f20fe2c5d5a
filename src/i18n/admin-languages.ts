/**
 * The admin's languages: Payload's language codes, and the catalogue locale each reads (Payload calls Brazilian
 * Portuguese `pt`). Kept apart from the catalogues so that the admin's browser components can map Payload's language
 * to a locale without loading every catalogue.
 */
import type { Locale } from '@/domain/locales'

export const ADMIN_LANGUAGES = { en: 'en', de: 'de', fr: 'fr', es: 'es', pt: 'pt-BR', ja: 'ja', ar: 'ar' } as const
export type AdminLanguage = keyof typeof ADMIN_LANGUAGES

/** The catalogue locale of Payload's language for a request or a page (its `i18n.language`); English for another. */
export const adminLocaleOf = (language: string | undefined): Locale =>
  language !== undefined && language in ADMIN_LANGUAGES ? ADMIN_LANGUAGES[language as AdminLanguage] : 'en'
