/** The client address through a real node:http server, with X-Forwarded-For sent by the "client". */
import { createServer, request, type Server } from 'node:http'

import { afterEach, describe, expect, it } from 'vitest'

import { createClientAddress, looksLikeUntrustedProxy, normalizeAddress, rateLimitKey } from '@/edge/client-address'
import { parseTrustedProxies } from '@/config/trusted-proxies'

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

async function addressSeen(
  trusted: string | undefined,
  headers: Record<string, string>,
  localAddress = '127.0.0.1',
): Promise<string> {
  const clientAddress = createClientAddress(parseTrustedProxies(trusted))
  server = createServer((req, res) => res.end(clientAddress(req)))
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, localAddress, headers, agent: false }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve(body))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('client address', () => {
  it('is the socket address when no proxy is trusted, whatever the headers say', async () => {
    expect(await addressSeen(undefined, { 'x-forwarded-for': '203.0.113.9' })).toBe('127.0.0.1')
    expect(await addressSeen('', { 'x-forwarded-for': '203.0.113.9' }, '127.0.0.2')).toBe('127.0.0.2')
  })

  it('is the socket address when the peer is not a trusted proxy', async () => {
    expect(await addressSeen('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }, '127.0.0.2')).toBe('127.0.0.2')
  })

  it('is the right-most untrusted X-Forwarded-For entry behind a trusted proxy', async () => {
    expect(await addressSeen('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toBe('203.0.113.9')
    // The client prepended a lie; the proxy appended what it saw.
    expect(await addressSeen('127.0.0.1', { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' })).toBe('203.0.113.9')
    // Two trusted hops (names and CIDRs work): the first untrusted one from the right.
    expect(
      await addressSeen('loopback, 10.0.0.0/8', { 'x-forwarded-for': '198.51.100.1, 203.0.113.9, 10.1.2.3' }),
    ).toBe('203.0.113.9')
  })

  it('refuses an invalid TRUSTED_PROXIES entry', () => {
    expect(() => parseTrustedProxies('127.0.0.1, not-an-address')).toThrow()
    expect(parseTrustedProxies(' 127.0.0.1 , ::1 ')).toEqual(['127.0.0.1', '::1'])
  })

  it('treats an IPv4-mapped IPv6 address as the IPv4 one', () => {
    expect(normalizeAddress('::ffff:127.0.0.1')).toBe('127.0.0.1')
    expect(normalizeAddress('::1')).toBe('::1')
  })
})

describe('the rate-limit key', () => {
  it('is an IPv4 address as it is, and an IPv6 address by its /64', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7')
    expect(rateLimitKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:db8:1:3::1')).not.toBe(rateLimitKey('2001:db8:1:2::1'))
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64')
    expect(rateLimitKey('::ffff:198.51.100.1')).toBe('198.51.100.1')
    expect(rateLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })
})

describe('an untrusted proxy', () => {
  it('is suspected for a private or unique-local peer while no proxy is trusted', () => {
    expect(looksLikeUntrustedProxy('10.0.0.5', [])).toBe(true)
    expect(looksLikeUntrustedProxy('172.16.3.4', [])).toBe(true)
    expect(looksLikeUntrustedProxy('192.168.1.1', [])).toBe(true)
    expect(looksLikeUntrustedProxy('fd12:3456::1', [])).toBe(true)
    expect(looksLikeUntrustedProxy('10.0.0.5', ['10.0.0.5'])).toBe(false)
    expect(looksLikeUntrustedProxy('203.0.113.7', [])).toBe(false)
    expect(looksLikeUntrustedProxy('127.0.0.1', [])).toBe(false)
    expect(looksLikeUntrustedProxy('2001:db8::1', [])).toBe(false)
    expect(looksLikeUntrustedProxy('', [])).toBe(false)
  })
})
