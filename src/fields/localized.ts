import type { Validate } from 'payload'
import { text, textarea } from 'payload/shared'

import { DEFAULT_LOCALE } from '@/domain/locales'

const empty = (value: unknown) => value === undefined || value === null || value === ''

/**
 * A text written in several languages (docs/languages.md, "Content") is required in the default language only: an
 * update is published before its translations, and a language without the text shows the default language's.
 */
const requiredInDefaultLanguage =
  (base: Validate): Validate =>
  (value, options) =>
    options.req?.locale && options.req.locale !== DEFAULT_LOCALE && empty(value) ? true : base(value, options)

export const localizedTextRule = requiredInDefaultLanguage(text as Validate)
export const localizedTextareaRule = requiredInDefaultLanguage(textarea as Validate)
