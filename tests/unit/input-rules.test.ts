import { describe, expect, it } from 'vitest'

import { jsonNesting, jsonNestingError, MAX_JSON_NESTING } from '../../src/cms-api/json-shape'
import { clientLimit, MAX_CLIENT_LIMIT } from '../../src/cms-api/list-params'
import { richTextShapeError } from '../../src/domain/rich-text-shape'
import { controlCharacterError, forbiddenControlCharacter } from '../../src/domain/text'

describe('forbiddenControlCharacter', () => {
  it('finds C0 controls other than tab, LF and CR, and DEL', () => {
    for (let code = 0; code < 0x20; code++) {
      const expected = [0x09, 0x0a, 0x0d].includes(code) ? null : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
      expect(forbiddenControlCharacter(`a${String.fromCharCode(code)}b`)).toBe(expected)
    }
    expect(forbiddenControlCharacter('\u007f')).toBe('U+007F')
  })

  it('leaves every other character alone', () => {
    expect(forbiddenControlCharacter('café ✓ 日本 \u0080 \u00a0 \u2028 😀')).toBeNull()
    expect(controlCharacterError('title', 42)).toBeNull()
    expect(controlCharacterError('title', 'x\u001b[31m')).toBe('title contains a control character (U+001B); only tab, line feed and carriage return are allowed')
  })
})

describe('jsonNesting', () => {
  it('counts levels without recursion, and stops early past the limit', () => {
    expect(jsonNesting(1)).toBe(0)
    expect(jsonNesting({ a: [{ b: 1 }] })).toBe(3)
    let deep: unknown = 0
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(jsonNesting(deep)).toBe(MAX_JSON_NESTING + 1)
    expect(jsonNestingError(deep)).toMatch(/nested too deeply/)
    expect(jsonNestingError({ a: { b: { c: 1 } } })).toBeNull()
  })
})

describe('clientLimit', () => {
  it('reads 0 and anything above the maximum as the maximum', () => {
    expect([clientLimit(0), clientLimit('0'), clientLimit(101), clientLimit('5000')]).toEqual([MAX_CLIENT_LIMIT, MAX_CLIENT_LIMIT, MAX_CLIENT_LIMIT, MAX_CLIENT_LIMIT])
    expect([clientLimit(1), clientLimit('25'), clientLimit(100)]).toEqual([1, 25, 100])
  })
})

describe('richTextShapeError', () => {
  const doc = (children: unknown) => ({ root: { type: 'root', children } })
  it('accepts empty values and Lexical documents', () => {
    expect(richTextShapeError('d', null)).toBeNull()
    expect(richTextShapeError('d', doc([{ type: 'paragraph', children: [{ type: 'text', text: 'ok\tfine' }] }]))).toBeNull()
  })

  it('refuses other shapes and control characters in text', () => {
    for (const value of ['x', { root: { children: 'x' } }, { root: 'x' }, doc([7]), doc([{ children: [] }]), doc([{ type: 'p', children: {} }])]) {
      expect(richTextShapeError('d', value)).toMatch(/^d must be rich text/)
    }
    expect(richTextShapeError('d', doc([{ type: 'text', text: 5 }]))).toMatch(/text must be a string/)
    expect(richTextShapeError('d', doc([{ type: 'text', text: 'a\u0000' }]))).toMatch(/U\+0000/)
  })
})
