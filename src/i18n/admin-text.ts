/**
 * The words of the admin's own components in the operator's language (docs/languages.md, "The admin"), formatted the
 * same way on the server and in the browser: ICU MessageFormat from the catalogues (`admin.ui.*` in
 * src/i18n/messages/<locale>/admin-ui.json, and the statuses' `site.status.*`). The server passes the catalogue's
 * texts (src/i18n/admin-translations.ts); the browser the same texts as Payload handed them to the page with its own
 * (src/components/use-admin-text.ts), so that the browser never loads the other languages' catalogues.
 *
 * Payload's `t()` would read these texts too, but it knows only `{{name}}` and numbered plural keys; ICU's plurals
 * and tags are what the rest of this service's catalogues are written in, so one formatter serves both.
 */
import { createElement, Fragment, type ReactElement, type ReactNode } from 'react'
import { IntlMessageFormat } from 'intl-messageformat'

import type { Locale } from '@/domain/locales'

import type { MessageKey, MessageValues } from './translate'

/** Where our texts sit among Payload's translations (beside its `general`, `fields`, …). */
export const ADMIN_NAMESPACE = 'statuspage'

/** The keys the admin's components read: their own texts and the statuses' names. */
export type AdminKey = Extract<MessageKey, `admin.ui.${string}` | `site.status.${string}`>
export type AdminTexts = Partial<Record<AdminKey, string>>

/** A tag of a text (`<strong>…</strong>`), made an element around its words. */
export type AdminTag = (children: ReactNode) => ReactElement

export interface AdminText {
  /** The admin's language as a catalogue locale, for Intl's dates and numbers. */
  locale: Locale
  /** The key's text, its placeholders filled. */
  t: (key: AdminKey, values?: MessageValues) => string
  /**
   * The key's text with its tags made elements, e.g. `rich(key, { count }, { strong: (words) => <strong>… })`; a tag
   * must not be named as a value.
   */
  rich: (key: AdminKey, values: MessageValues, tags: Record<string, AdminTag>) => ReactNode
}

const formats = new Map<string, IntlMessageFormat>()

/** A text's format, parsed once per language and text. */
function formatOf(locale: Locale, key: AdminKey, texts: AdminTexts): IntlMessageFormat | null {
  const text = texts[key]
  if (text === undefined) return null
  const id = `${locale}\u0000${text}`
  let made = formats.get(id)
  if (!made) {
    made = new IntlMessageFormat(text, locale)
    formats.set(id, made)
  }
  return made
}

/** Several parts as one node: spread as children, so React asks for no keys. */
const joined = (parts: ReactNode[]): ReactNode => createElement(Fragment, null, ...parts)

/** The formatter of a language's texts. A key without a text (which the catalogue tests rule out) shows as the key. */
export function adminText(locale: Locale, texts: AdminTexts): AdminText {
  return {
    locale,
    t: (key, values) => {
      const format = formatOf(locale, key, texts)
      return format ? String(format.format(values)) : key
    },
    rich: (key, values, tags) => {
      const format = formatOf(locale, key, texts)
      if (!format) return key
      // ICU gives tags and placeholders one namespace: a tag named as a value would take the value's place, and a
      // function among a server component's children fails the whole page.
      const clash = Object.keys(tags).find((name) => name in values)
      if (clash) throw new Error(`${key}: <${clash}> is also a value`)
      const wrapped = Object.fromEntries(
        Object.entries(tags).map(([name, tag]) => [name, (words: ReactNode[]) => tag(joined(words))]),
      )
      const out = format.format<ReactNode>({ ...values, ...wrapped })
      return Array.isArray(out) ? joined(out) : out
    },
  }
}
