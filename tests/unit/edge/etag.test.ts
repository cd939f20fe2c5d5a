import { describe, expect, it } from 'vitest'

import { ifNoneMatchMatches, parseEntityTags } from '@/edge/etag'

describe('If-None-Match against an ETag (weak comparison)', () => {
  it('matches the same tag, strong or weak on either side', () => {
    expect(ifNoneMatchMatches('"abc"', '"abc"')).toBe(true)
    expect(ifNoneMatchMatches('W/"abc"', '"abc"')).toBe(true)
    expect(ifNoneMatchMatches('"abc"', 'W/"abc"')).toBe(true)
    expect(ifNoneMatchMatches('"abd"', '"abc"')).toBe(false)
  })

  it('matches any tag of a list, and * matches anything', () => {
    expect(ifNoneMatchMatches('"x", W/"abc" ,"y"', '"abc"')).toBe(true)
    expect(ifNoneMatchMatches('"x","y"', '"abc"')).toBe(false)
    expect(ifNoneMatchMatches('*', '"abc"')).toBe(true)
    expect(ifNoneMatchMatches(['"x"', '"abc"'], '"abc"')).toBe(true)
  })

  it('reads tags that contain commas, and ignores an unquoted value', () => {
    expect(parseEntityTags('"a,b", W/"c"')).toEqual(['a,b', 'c'])
    expect(ifNoneMatchMatches('"a,b"', '"a,b"')).toBe(true)
    expect(ifNoneMatchMatches('"a"', '"a,b"')).toBe(false)
    expect(ifNoneMatchMatches('abc', '"abc"')).toBe(false)
  })

  it('never matches without a header or an ETag', () => {
    expect(ifNoneMatchMatches(undefined, '"abc"')).toBe(false)
    expect(ifNoneMatchMatches('"abc"', undefined)).toBe(false)
    expect(ifNoneMatchMatches('', '"abc"')).toBe(false)
  })
})
