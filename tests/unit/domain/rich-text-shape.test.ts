import { describe, expect, it } from 'vitest'

import { richTextShapeError } from '@/domain/rich-text-shape'

describe('richTextShapeError', () => {
  const doc = (children: unknown) => ({ root: { type: 'root', children } })
  it('accepts empty values and Lexical documents', () => {
    expect(richTextShapeError('d', null)).toBeNull()
    expect(
      richTextShapeError('d', doc([{ type: 'paragraph', children: [{ type: 'text', text: 'ok\tfine' }] }])),
    ).toBeNull()
  })

  it('refuses other shapes and control characters in text', () => {
    for (const value of [
      'x',
      { root: { children: 'x' } },
      { root: 'x' },
      doc([7]),
      doc([{ children: [] }]),
      doc([{ type: 'p', children: {} }]),
    ]) {
      expect(richTextShapeError('d', value)).toMatch(/^d must be rich text/)
    }
    expect(richTextShapeError('d', doc([{ type: 'text', text: 5 }]))).toMatch(/text must be a string/)
    expect(richTextShapeError('d', doc([{ type: 'text', text: 'a\u0000' }]))).toMatch(/U\+0000/)
  })
})
