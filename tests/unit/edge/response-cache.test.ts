import { describe, expect, it } from 'vitest'

import { prepareResponse, ResponseStore } from '@/edge/response-cache'

const ok = (body: string, headers: string[] = []) =>
  prepareResponse(
    {
      status: 200,
      rawHeaders: ['Content-Type', 'application/json', 'ETag', `"${body}"`, ...headers],
      body: Buffer.from(body),
    },
    1000,
  )

describe('preparing an origin response', () => {
  it('drops hop-by-hop headers, those named by Connection, Set-Cookie and the internal expiry header', () => {
    const prepared = prepareResponse(
      {
        status: 200,
        rawHeaders: [
          'Connection',
          'keep-alive, X-Private',
          'Keep-Alive',
          'timeout=5',
          'Transfer-Encoding',
          'chunked',
          'X-Private',
          '1',
          'ETag',
          '"a"',
          'Vary',
          'Accept-Encoding',
          'x-statuspage-expires',
          '5000',
          'Content-Length',
          '2',
          'Date',
          'x',
        ],
        body: Buffer.from('{}'),
      },
      1000,
    )
    expect(prepared.headers).toEqual({ etag: '"a"', vary: 'Accept-Encoding' })
    expect(prepared).toMatchObject({ etag: '"a"', expiresAt: 5000, cacheable: true })
  })

  it('keeps only 200s that set no cookie and have not already expired', () => {
    expect(ok('a').cacheable).toBe(true)
    expect(ok('a', ['Set-Cookie', 'a=b']).cacheable).toBe(false)
    expect(ok('a', ['Set-Cookie', 'a=b']).headers['set-cookie']).toBeUndefined()
    expect(ok('a', ['x-statuspage-expires', '999']).cacheable).toBe(false)
    expect(prepareResponse({ status: 404, rawHeaders: [], body: Buffer.from('') }, 0).cacheable).toBe(false)
  })
})

describe("a page's entries", () => {
  it('stay fresh until a change touches their page; an entry of no page goes with any change', () => {
    const store = new ResponseStore({ maxEntries: 10, maxBytes: 1 << 20 })
    store.set('a', ok('a', ['x-statuspage-page-key', '1']), 5)
    store.set('b', ok('b', ['x-statuspage-page-key', '2']), 5)
    store.set('none', ok('none'), 5)
    expect(store.peek('a')?.headers['x-statuspage-page-key']).toBeUndefined()
    // Page 1 changed at version 6, nothing else did since 4.
    const changedAt = (page: number | undefined) => (page === 1 ? 6 : page === undefined ? 6 : 4)
    expect(store.get('a', changedAt, 0)).toBeUndefined()
    expect(store.get('b', changedAt, 0)?.body.toString()).toBe('b')
    expect(store.get('none', changedAt, 0)).toBeUndefined()
  })

  it('of several page keys (a page with charts: its own and its metrics key) go with a change to either', () => {
    const store = new ResponseStore({ maxEntries: 10, maxBytes: 1 << 20 })
    store.set('charts', ok('charts', ['x-statuspage-page-key', '1,7']), 5)
    store.set('plain', ok('plain', ['x-statuspage-page-key', '1']), 5)
    // Only the metrics key 7 changed since (a push of points).
    const changedAt = (page: number | undefined) => (page === 7 ? 6 : 4)
    expect(store.get('plain', changedAt, 0)?.body.toString()).toBe('plain')
    expect(store.get('charts', changedAt, 0)).toBeUndefined()
    store.set('charts', ok('charts', ['x-statuspage-page-key', '1,7']), 6)
    expect(store.get('charts', (page) => (page === 1 ? 7 : 4), 0)).toBeUndefined()
  })
})

describe('the bounded store', () => {
  it('evicts the least recently used entry beyond the entry limit', () => {
    const store = new ResponseStore({ maxEntries: 2, maxBytes: 1 << 20 })
    store.set('a', ok('a'), 1)
    store.set('b', ok('b'), 1)
    expect(store.get('a', 1, 0)).toBeDefined() // a is now the most recent
    store.set('c', ok('c'), 1)
    expect(store.get('b', 1, 0)).toBeUndefined()
    expect(store.get('a', 1, 0)).toBeDefined()
    expect(store.get('c', 1, 0)).toBeDefined()
    expect(store.size).toBe(2)
  })

  it('evicts beyond the byte limit and refuses an entry bigger than a quarter of it', () => {
    const store = new ResponseStore({ maxEntries: 100, maxBytes: 4000 })
    const big = (name: string) => prepareResponse({ status: 200, rawHeaders: [], body: Buffer.alloc(900, name) }, 0)
    for (const name of ['a', 'b', 'c', 'd', 'e']) expect(store.set(name, big(name), 1)).toBe(true)
    expect(store.totalBytes).toBeLessThanOrEqual(4000)
    expect(store.get('a', 1, 0)).toBeUndefined()
    expect(store.get('e', 1, 0)).toBeDefined()
    expect(store.set('huge', prepareResponse({ status: 200, rawHeaders: [], body: Buffer.alloc(1001) }, 0), 1)).toBe(
      false,
    )
  })

  it('treats an entry of another data version, or past its expiry, as absent', () => {
    const store = new ResponseStore({ maxEntries: 10, maxBytes: 1 << 20 })
    store.set('k', ok('k'), 1)
    expect(store.get('k', 2, 0)).toBeUndefined()
    expect(store.size).toBe(0)
    store.set('k', ok('k', ['x-statuspage-expires', '2000']), 3)
    expect(store.get('k', 3, 1999)).toBeDefined()
    expect(store.get('k', 3, 2000)).toBeUndefined()
  })

  it('does not replace an entry with one computed under an older version', () => {
    const store = new ResponseStore({ maxEntries: 10, maxBytes: 1 << 20 })
    store.set('k', ok('new'), 5)
    expect(store.set('k', ok('old'), 4)).toBe(false)
    expect(store.get('k', 5, 0)?.body.toString()).toBe('new')
  })
})

describe('compressed copies', () => {
  const big = (text: string) =>
    prepareResponse(
      {
        status: 200,
        rawHeaders: ['Content-Type', 'text/html', 'ETag', `"${text}"`],
        body: Buffer.from(text.repeat(200)),
      },
      0,
    )

  it('are made once per body: an entry computed again with the same tag, after a write or its expiry, keeps them', () => {
    const store = new ResponseStore({ maxEntries: 10, maxBytes: 1 << 20 })
    store.set('k', big('same'), 1)
    const first = store.encodedBody(store.get('k', 1, 0)!, 'gzip')
    // A write moved the version: the entry is stale and dropped; the page computed again has the same bytes.
    expect(store.get('k', 2, 0)).toBeUndefined()
    store.set('k', big('same'), 2)
    expect(store.encodedBody(store.get('k', 2, 0)!, 'gzip')).toBe(first)
    // Replaced in place (no read in between) by the same bytes: the same copy again.
    store.set('k', big('same'), 3)
    expect(store.encodedBody(store.get('k', 3, 0)!, 'gzip')).toBe(first)
  })

  it('are made again for other bytes', () => {
    const store = new ResponseStore({ maxEntries: 10, maxBytes: 1 << 20 })
    store.set('k', big('one'), 1)
    const first = store.encodedBody(store.get('k', 1, 0)!, 'gzip')
    expect(store.get('k', 2, 0)).toBeUndefined()
    store.set('k', big('two'), 2)
    const second = store.encodedBody(store.get('k', 2, 0)!, 'gzip')
    expect(second).not.toBe(first)
    expect(second.equals(first)).toBe(false)
  })
})

describe('a bound on age (while the invalidation bus is down)', () => {
  it('treats an entry older than maxAgeMs as absent, and is no bound without it', () => {
    const store = new ResponseStore({ maxEntries: 10, maxBytes: 1 << 20 })
    store.set('a', ok('a'), 1, 1000)
    expect(store.get('a', 1, 5000)).toBeDefined()
    expect(store.get('a', 1, 2999, 2000)).toBeDefined()
    expect(store.get('a', 1, 3000, 2000)).toBeUndefined()
  })
})
