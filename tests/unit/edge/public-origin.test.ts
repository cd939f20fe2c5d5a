/**
 * The scheme and the origin the client addressed come from one computation (src/edge/public-origin.ts): a trusted
 * proxy's forwarded headers count, anyone else's do not, and a TLS socket is HTTPS.
 */
import type { IncomingMessage } from 'node:http'

import { describe, expect, it } from 'vitest'

import { createPublicOrigin, setPublicOrigin } from '@/edge/public-origin'

const request = (peer: string, headers: Record<string, string>, encrypted = false) =>
  ({ socket: { remoteAddress: peer, encrypted }, headers: { ...headers } }) as unknown as IncomingMessage

describe('the public origin and scheme', () => {
  const behindProxy = createPublicOrigin(['10.0.0.1'])
  const forwarded = {
    host: 'app-1.internal:3000',
    'x-forwarded-host': 'status.example.com',
    'x-forwarded-proto': 'https',
  }

  it("takes a trusted proxy's X-Forwarded-Proto and -Host for both, and ignores anyone else's", () => {
    expect(behindProxy(request('10.0.0.1', forwarded))).toEqual({
      scheme: 'https',
      origin: 'https://status.example.com',
    })
    expect(behindProxy(request('203.0.113.5', forwarded))).toEqual({
      scheme: 'http',
      origin: 'http://app-1.internal:3000',
    })
    expect(behindProxy(request('10.0.0.1', { host: 'a.example', 'x-forwarded-proto': 'http' }))).toEqual({
      scheme: 'http',
      origin: 'http://a.example',
    })
  })

  it('is HTTPS on a TLS socket, and gives no origin for a host that is not one', () => {
    expect(behindProxy(request('203.0.113.5', { host: 'a.example' }, true))).toEqual({
      scheme: 'https',
      origin: 'https://a.example',
    })
    expect(behindProxy(request('203.0.113.5', { host: 'evil.example/path' })).origin).toBeNull()
    expect(behindProxy(request('203.0.113.5', { host: 'a.example:99999' })).origin).toBeNull()
    // The same host asked again (the memo) gives the same answers.
    expect(behindProxy(request('203.0.113.5', { host: 'evil.example/path' })).origin).toBeNull()
    expect(behindProxy(request('203.0.113.5', { host: 'A.example' })).origin).toBe('http://a.example')
  })

  it('replaces what a client sent under the internal headers', () => {
    const req = request('203.0.113.5', {
      ...forwarded,
      'x-statuspage-scheme': 'https',
      'x-statuspage-public-origin': 'https://evil.example',
    })
    setPublicOrigin(req, behindProxy)
    expect(req.headers['x-statuspage-scheme']).toBe('http')
    expect(req.headers['x-statuspage-public-origin']).toBe('http://app-1.internal:3000')
    const nameless = request('203.0.113.5', { host: 'bad host', 'x-statuspage-public-origin': 'https://evil.example' })
    setPublicOrigin(nameless, behindProxy)
    expect(nameless.headers['x-statuspage-public-origin']).toBeUndefined()
  })
})
