import { describe, expect, it } from 'vitest'

import { isCompressible } from '@/edge/compression'

describe('which cached responses are compressed (compressible, from mime-db)', () => {
  it('compresses the text and JSON the service sends, once they are worth it', () => {
    for (const type of [
      'application/json; charset=utf-8',
      'application/problem+json',
      'text/html; charset=utf-8',
      'application/atom+xml; charset=utf-8',
      'application/rss+xml; charset=utf-8',
      'text/calendar; charset=utf-8',
    ])
      expect(isCompressible(type, 1024), type).toBe(true)
    expect(isCompressible('application/json', 1023)).toBe(false)
  })

  it('compresses an SVG or an icon, and leaves already compressed or unknown types alone', () => {
    expect(isCompressible('image/svg+xml', 4096)).toBe(true)
    expect(isCompressible('image/x-icon', 4096)).toBe(true)
    for (const type of ['image/png', 'image/jpeg', 'application/octet-stream', 'application/x-unknown-thing'])
      expect(isCompressible(type, 4096), type).toBe(false)
    expect(isCompressible(undefined, 4096)).toBe(false)
  })
})
