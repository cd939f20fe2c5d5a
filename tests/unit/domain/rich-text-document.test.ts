import { describe, expect, it } from 'vitest'

import { richTextDocument } from '@/domain/rich-text-document'

describe('richTextDocument', () => {
  it('makes one paragraph of one text node per string, in order', () => {
    const doc = richTextDocument(['First.', 'Second.'])
    expect(doc.root.type).toBe('root')
    expect(doc.root.children.map((p) => [p.type, p.children.map((t) => [t.type, t.text])])).toEqual([
      ['paragraph', [['text', 'First.']]],
      ['paragraph', [['text', 'Second.']]],
    ])
  })

  it('makes an empty document of no paragraphs', () => {
    expect(richTextDocument([]).root.children).toEqual([])
  })
})
