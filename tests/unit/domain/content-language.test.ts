import { describe, expect, it } from 'vitest'

import {
  contentLanguage,
  copyFallbacks,
  fallbackChain,
  fallbackOf,
  localizedField,
  pickLanguage,
  readsOtherLanguages,
} from '@/domain/content-language'

describe('content in several languages', () => {
  it('tries the reader, then the page default, then English, without repeats', () => {
    expect(fallbackChain({ reader: 'ja', pageDefault: 'de' })).toEqual(['ja', 'de', 'en'])
    expect(fallbackChain({ reader: 'en', pageDefault: 'en' })).toEqual(['en'])
    // The pseudo-locale reads the page default's texts.
    expect(contentLanguage('en-XA', 'fr')).toEqual({ reader: 'fr', pageDefault: 'fr' })
  })

  it('reads other languages only for a reader or a page default other than English', () => {
    expect(readsOtherLanguages(undefined)).toBe(false)
    expect(readsOtherLanguages({ reader: 'en', pageDefault: 'en' })).toBe(false)
    expect(readsOtherLanguages({ reader: 'de', pageDefault: 'en' })).toBe(true)
    expect(readsOtherLanguages({ reader: 'en', pageDefault: 'ja' })).toBe(true)
  })

  it('skips an empty text', () => {
    expect(pickLanguage({ en: 'Down', de: '' }, { reader: 'de', pageDefault: 'en' })).toEqual({
      value: 'Down',
      locale: 'en',
    })
    expect(pickLanguage({}, { reader: 'de', pageDefault: 'en' })).toBeNull()
  })

  it('marks a fallback only where the reader is not reading the page default, and copies the marks', () => {
    const shape = {}
    expect(localizedField({ en: 'Down' }, { reader: 'ja', pageDefault: 'en' }, { shape, field: 'title' }, '')).toBe(
      'Down',
    )
    expect(fallbackOf(shape, 'title')).toEqual({ locale: 'en', reader: 'ja' })
    expect(fallbackOf(copyFallbacks(shape, {}), 'title')).toEqual({ locale: 'en', reader: 'ja' })
    const onDefault = {}
    localizedField({ en: 'Down' }, { reader: 'de', pageDefault: 'de' }, { shape: onDefault, field: 'title' }, '')
    expect(fallbackOf(onDefault, 'title')).toBeNull()
    const translated = {}
    localizedField(
      { en: 'Down', ja: '停止' },
      { reader: 'ja', pageDefault: 'en' },
      { shape: translated, field: 't' },
      '',
    )
    expect(fallbackOf(translated, 't')).toBeNull()
  })
})
