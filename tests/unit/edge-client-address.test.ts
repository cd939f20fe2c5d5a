/** The client address through a real node:http server, with X-Forwarded-For sent by the "client". */
import { createServer, request, type Server } from 'node:http'

import { afterEach, describe, expect, it } from 'vitest'

import { createClientAddress, normalizeAddress, parseTrustedProxies } from '../../src/edge/client-address'

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

async function addressSeen(trusted: string | undefined, headers: Record<string, string>, localAddress = '127.0.0.1'): Promise<string> {
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
    expect(await addressSeen('loopback, 10.0.0.0/8', { 'x-forwarded-for': '198.51.100.1, 203.0.113.9, 10.1.2.3' })).toBe('203.0.113.9')
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
