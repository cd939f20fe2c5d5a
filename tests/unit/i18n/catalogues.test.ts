/**
 * The message catalogues (src/i18n/catalogues.ts): every English key in every language, no key English lacks, every
 * text valid ICU MessageFormat with the same placeholders and tags as English's, and every plural in a language giving
 * each of that language's plural categories (Arabic has six, Japanese one).
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'

import { LOCALES } from '@/domain/locales'
import { CATALOGUES, ENGLISH, type MessageKey } from '@/i18n/catalogues'
import { pseudoText, translator } from '@/i18n/translate'

const keys = Object.keys(ENGLISH) as MessageKey[]

/** The placeholders a text uses, and its plurals (with the categories each offers). */
function shape(elements: MessageFormatElement[], into = { names: new Set<string>(), plurals: [] as string[][] }) {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date)
      into.names.add(element.value)
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.names.add(element.value)
      if (element.type === TYPE.plural) into.plurals.push(Object.keys(element.options))
      for (const option of Object.values(element.options)) shape(option.value, into)
    }
    // A tag is a placeholder too: the component makes it an element (src/i18n/admin-text.ts), so it must be kept.
    if (element.type === TYPE.tag) {
      into.names.add(`<${element.value}>`)
      shape(element.children, into)
    }
  }
  return into
}

describe('the message catalogues', () => {
  it('has texts', () => {
    expect(keys.length).toBeGreaterThan(10)
  })

  for (const locale of LOCALES)
    it(`${locale}: every key of English, nothing else, valid ICU with English's placeholders and its own plurals`, () => {
      const catalogue = CATALOGUES[locale]
      expect(Object.keys(catalogue).filter((key) => !(key in ENGLISH))).toEqual([])
      expect(keys.filter((key) => typeof catalogue[key] !== 'string' || !catalogue[key]!.trim())).toEqual([])
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
      for (const key of keys) {
        const text = catalogue[key]!
        const ast = (() => {
          try {
            return parse(text)
          } catch (error) {
            throw new Error(`${locale} ${key}: ${(error as Error).message}: ${text}`)
          }
        })()
        const own = shape(ast)
        expect([...own.names].sort(), `${locale} ${key}`).toEqual([...shape(parse(ENGLISH[key])).names].sort())
        for (const offered of own.plurals)
          expect(
            categories.filter((category) => !offered.includes(category) && !offered.some((o) => o.startsWith('='))),
            `${locale} ${key} lacks plural categories`,
          ).toEqual([])
      }
    })
})

describe('the English catalogue', () => {
  // ICU gives tags and values one namespace: a message with <name>{name}</name> cannot be formatted with both, and
  // src/i18n/admin-text.ts refuses it at render time, which fails the whole admin page the component is on.
  it('names no tag as a value of the same text', () => {
    const clashes = keys.filter((key) => {
      const names = shape(parse(ENGLISH[key])).names
      return [...names].some((name) => name.startsWith('<') && names.has(name.slice(1, -1)))
    })
    expect(clashes).toEqual([])
  })
})

describe('the translator', () => {
  it('formats in the language, and the pseudo-locale accents literals but keeps placeholders', () => {
    expect(translator('de')('site.nav.history')).toBe('Verlauf')
    expect(translator('en')('site.script.window', { start: 'A', end: 'B' })).toBe('A to B')
    const pseudo = translator('en-XA')('site.script.window', { start: 'A', end: 'B' })
    expect(pseudo).toContain('A')
    expect(pseudo).toContain('B')
    expect(pseudo).not.toContain(' to ')
    expect(pseudoText('Status')).toBe('[Şŧȧŧŭş ~~~~]')
  })
})
