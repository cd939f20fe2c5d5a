import type { Field } from 'payload'

import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES } from '@/domain/locales'

/**
 * A page's default language (docs/languages.md): its addresses without a language prefix speak it; every other
 * language lives under its prefix (`/de/`). The same field on the settings (the default page) and on each page.
 */
export const languageField: Field = {
  name: 'language',
  label: 'Default language',
  type: 'select',
  defaultValue: DEFAULT_LOCALE,
  options: LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] })),
  admin: {
    description:
      'What the page’s addresses without a language prefix are in; every other language is under its prefix, such as /de/.',
  },
}
