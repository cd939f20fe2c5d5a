/**
 * The client's address: the socket's peer, unless that peer is a trusted proxy (TRUSTED_PROXIES), in which case
 * the right-most X-Forwarded-For entry that is not itself trusted. A client that talks to us directly cannot
 * choose its address by sending a header.
 */
import type { IncomingMessage } from 'node:http'

import ipaddr from 'ipaddr.js'
import proxyAddr from 'proxy-addr'

export type ClientAddress = (req: IncomingMessage) => string

/** "::ffff:127.0.0.1" and "127.0.0.1" are one client. */
export function normalizeAddress(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address
}

export function createClientAddress(trustedProxies: string[]): ClientAddress {
  if (trustedProxies.length === 0) return (req) => normalizeAddress(req.socket.remoteAddress ?? '')
  const trust = proxyAddr.compile(trustedProxies)
  return (req) => normalizeAddress(proxyAddr(req, trust))
}

/**
 * The key a client's rate budgets are counted under: an IPv4 address as it is, an IPv6 address by its /64 (the
 * smallest block a site is given: one client can use any of its 2^64 addresses).
 */
export function rateLimitKey(address: string): string {
  if (!address.includes(':') || !ipaddr.IPv6.isValid(address)) return address
  const parsed = ipaddr.IPv6.parse(address)
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().toString()
  return `${parsed.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`
}

/**
 * True when a peer at `address` is most likely a reverse proxy we were not told about: a private or unique-local
 * address while TRUSTED_PROXIES is empty. Then every client would share the proxy's budgets.
 */
export function looksLikeUntrustedProxy(address: string, trustedProxies: string[]): boolean {
  if (trustedProxies.length > 0 || !ipaddr.isValid(address)) return false
  const range = ipaddr.process(address).range()
  return range === 'private' || range === 'uniqueLocal'
}
