/**
 * The translator made from the message catalogues (src/i18n/catalogues.ts: ICU MessageFormat, plural and select
 * rules, one flat key per text). A key missing from a catalogue falls back to English, as a test forbids
 * (tests/unit/i18n/catalogues.test.ts); the pseudo-locale is English with every literal part accented and lengthened,
 * placeholders and plural rules left as they are, so a page rendered in it shows what no catalogue translated.
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'
import { IntlMessageFormat } from 'intl-messageformat'

import { type AnyLocale, DEFAULT_LOCALE, PSEUDO_LOCALE } from '@/domain/locales'

import { CATALOGUES, ENGLISH, type MessageKey } from './catalogues'

export type { MessageKey }
export type MessageValues = Record<string, string | number | Date>
/** Formats the text of `key` in the translator's language. */
export type Translate = (key: MessageKey, values?: MessageValues) => string

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [
    letter,
    [...'ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ'][i],
  ]),
)

/**
 * "Status" → "[Şŧȧŧŭş ~~~~]": every letter accented, a third longer, bracketed so that a cut-off text shows. The
 * padding is words of its own, so a long text still wraps where the English would.
 */
export function pseudoText(text: string): string {
  if (!text.trim()) return text
  const accented = [...text].map((c) => ACCENTED[c] ?? c).join('')
  const padding = Array.from({ length: Math.ceil(text.length / 15) }, () => '~~~~').join(' ')
  return `[${accented} ${padding}]`
}

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: pseudoText(element.value) }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([name, option]) => [
          name,
          { ...option, value: pseudoElements(option.value) },
        ]),
      )
      return { ...element, options }
    }
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) }
    return element
  })
}

const formats = new Map<string, IntlMessageFormat>()

function formatOf(locale: AnyLocale, key: MessageKey): IntlMessageFormat {
  const id = `${locale}\u0000${key}`
  let made = formats.get(id)
  if (!made) {
    if (locale === PSEUDO_LOCALE) made = new IntlMessageFormat(pseudoElements(parse(ENGLISH[key])), 'en')
    else made = new IntlMessageFormat(CATALOGUES[locale][key] ?? ENGLISH[key], locale)
    formats.set(id, made)
  }
  return made
}

/** The translator of a language: formats are parsed once per language and key, on first use. */
export function translator(locale: AnyLocale = DEFAULT_LOCALE): Translate {
  return (key, values) => String(formatOf(locale, key).format(values))
}

const IN_ENGLISH = translator(DEFAULT_LOCALE)

/** The translator of a response's settings (src/settings/site-settings.ts): its language's, else English. */
export const tOf = (settings: { language?: { t: Translate } }): Translate => settings.language?.t ?? IN_ENGLISH
