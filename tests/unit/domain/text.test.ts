import { describe, expect, it } from 'vitest'

import { controlCharacterError, forbiddenControlCharacter } from '@/domain/text'

describe('forbiddenControlCharacter', () => {
  it('finds C0 controls other than tab, LF and CR, and DEL', () => {
    for (let code = 0; code < 0x20; code++) {
      const expected = [0x09, 0x0a, 0x0d].includes(code)
        ? null
        : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
      expect(forbiddenControlCharacter(`a${String.fromCharCode(code)}b`)).toBe(expected)
    }
    expect(forbiddenControlCharacter('\u007f')).toBe('U+007F')
  })

  it('leaves every other character alone', () => {
    expect(forbiddenControlCharacter('café ✓ 日本 \u0080 \u00a0 \u2028 😀')).toBeNull()
    expect(controlCharacterError('title', 42)).toBeNull()
    expect(controlCharacterError('title', 'x\u001b[31m')).toBe(
      'title contains a control character (U+001B); only tab, line feed and carriage return are allowed',
    )
  })
})
