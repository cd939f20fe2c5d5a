import { describe, expect, it } from 'vitest'

import { isSlug, toSlug } from '@/domain/slug'

// Slugs appear in public paths and filters (`service` parameter of /api/v1): URL-safe, lower case, words joined by
// single hyphens, at most 96 characters.
describe('toSlug', () => {
  it.each([
    ['Payments API (EU)', 'payments-api-eu'],
    ['Core Platform', 'core-platform'],
    ['  API   Gateway  ', 'api-gateway'],
    ['Mail relay', 'mail-relay'],
    ['Über Café', 'uber-cafe'],
    ['Łódź Datacenter', 'lodz-datacenter'],
    ['Foo & Bar', 'foo-and-bar'],
    ["Ops' dashboard", 'ops-dashboard'],
    ['CDN -- Edge', 'cdn-edge'],
    ['-leading and trailing-', 'leading-and-trailing'],
    ['UPPER lower 123', 'upper-lower-123'],
  ])('%s -> %s', (text, slug) => {
    expect(toSlug(text)).toBe(slug)
  })

  it('keeps words apart that punctuation separates, rather than gluing them', () => {
    expect(toSlug('EU/West')).toBe('eu-west')
    expect(toSlug('mail_relay')).toBe('mail-relay')
    expect(toSlug('api.example.com')).toBe('api-example-com')
    expect(toSlug('Auth—Login')).toBe('auth-login')
    expect(toSlug('Search: v2, beta')).toBe('search-v2-beta')
  })

  it('is empty when nothing can be kept', () => {
    expect(toSlug('')).toBe('')
    expect(toSlug('   ')).toBe('')
    expect(toSlug('!!! ??? ...')).toBe('')
  })

  it('always yields a valid slug when it yields anything', () => {
    const texts = [
      'Hello, World!',
      '  --x--  ',
      'a_b/c\\d.e',
      'ÀÉÎÕÜ ñ ç ß',
      '100% uptime',
      'Déjà vu',
      'tab\tand\nnewline',
      '日本 API',
    ]
    for (const text of texts) {
      const slug = toSlug(text)
      if (slug !== '') expect(isSlug(slug), `${JSON.stringify(text)} -> ${JSON.stringify(slug)}`).toBe(true)
    }
  })

  it('is idempotent', () => {
    for (const text of ['Payments API (EU)', 'EU/West', 'Über Café']) expect(toSlug(toSlug(text))).toBe(toSlug(text))
  })

  it('cuts long text to 96 characters without leaving a trailing hyphen', () => {
    const long = toSlug('word '.repeat(40))
    expect(long.length).toBeLessThanOrEqual(96)
    expect(isSlug(long)).toBe(true)
    // The 96th character falls on a hyphen here: 95 letters, a space, then more.
    const atBoundary = toSlug(`${'x'.repeat(95)} yz`)
    expect(atBoundary).toBe('x'.repeat(95))
    expect(isSlug(atBoundary)).toBe(true)
    expect(toSlug('y'.repeat(200))).toBe('y'.repeat(96))
  })
})

describe('isSlug', () => {
  it('accepts lower-case letters and digits joined by single hyphens', () => {
    for (const slug of ['a', 'api', 'payments-api-eu', 'v2', '123', 'a-1-b', 'x'.repeat(96)])
      expect(isSlug(slug), slug).toBe(true)
  })

  it('refuses anything else', () => {
    for (const slug of [
      '',
      'Not A Slug',
      'Upper',
      'double--hyphen',
      '-leading',
      'trailing-',
      'under_score',
      'dot.ted',
      'slash/ed',
      'ümlaut',
      'space ',
      'x'.repeat(97),
    ]) {
      expect(isSlug(slug), slug).toBe(false)
    }
  })
})
