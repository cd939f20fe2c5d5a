/**
 * The origin a client addressed (`scheme://host[:port]`), from which public responses build their absolute links
 * when no public base URL is configured. The Host header names it; a trusted proxy (TRUSTED_PROXIES) may name
 * another with X-Forwarded-Host and X-Forwarded-Proto. Anyone else's forwarded headers are ignored, and a host that
 * is not a plain host name or address (a path, user info, spaces) gives no origin at all, so the routes fall back
 * to their own address.
 */
import type { IncomingMessage } from 'node:http'

import proxyAddr from 'proxy-addr'

import { PUBLIC_ORIGIN_HEADER } from './headers'

export type PublicOrigin = (req: IncomingMessage) => string | null

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
/** A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::\\d{1,5})?$`, 'i')

/** The first of a comma-separated list: what the proxy nearest the client wrote. */
function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value
  return text?.split(',', 1)[0].trim() || undefined
}

export function createPublicOrigin(trustedProxies: string[]): PublicOrigin {
  const trust = proxyAddr.compile(trustedProxies)
  return (req) => {
    const peer = req.socket.remoteAddress
    const viaProxy = peer !== undefined && trust(peer, 0)
    const host = (viaProxy ? first(req.headers['x-forwarded-host']) : undefined) ?? first(req.headers.host)
    const proto = viaProxy ? first(req.headers['x-forwarded-proto'])?.toLowerCase() : undefined
    if (!host || !HOST.test(host)) return null
    try {
      return new URL(`${proto === 'https' ? 'https' : 'http'}://${host}`).origin
    } catch {
      return null // a port beyond 65535
    }
  }
}

/** Replaces whatever the client sent under the internal header with the origin determined here. */
export function setPublicOrigin(req: IncomingMessage, publicOrigin: PublicOrigin): void {
  const origin = publicOrigin(req)
  if (origin) req.headers[PUBLIC_ORIGIN_HEADER] = origin
  else delete req.headers[PUBLIC_ORIGIN_HEADER]
}
