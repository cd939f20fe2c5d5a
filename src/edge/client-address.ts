/**
 * The client's address: the socket's peer, unless that peer is a trusted proxy (TRUSTED_PROXIES), in which case
 * the right-most X-Forwarded-For entry that is not itself trusted. A client that talks to us directly cannot
 * choose its address by sending a header.
 */
import type { IncomingMessage } from 'node:http'

import proxyAddr from 'proxy-addr'

export type ClientAddress = (req: IncomingMessage) => string

/** "::ffff:127.0.0.1" and "127.0.0.1" are one client. */
export function normalizeAddress(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address
}

/** Parses TRUSTED_PROXIES (comma-separated addresses, CIDRs, or proxy-addr's names: loopback, linklocal,
 * uniquelocal). Throws on an invalid entry, so a typo stops the process at start instead of trusting nobody. */
export function parseTrustedProxies(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean)
  proxyAddr.compile(entries)
  return entries
}

export function createClientAddress(trustedProxies: string[]): ClientAddress {
  if (trustedProxies.length === 0) return (req) => normalizeAddress(req.socket.remoteAddress ?? '')
  const trust = proxyAddr.compile(trustedProxies)
  return (req) => normalizeAddress(proxyAddr(req, trust))
}
