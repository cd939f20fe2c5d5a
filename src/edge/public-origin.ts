/**
 * Where the client addressed us (scheme and origin), decided once per request at the edge and handed to Next in
 * headers the edge owns (src/runtime/headers.ts). Forwarded headers count only from a trusted proxy, so a client
 * talking to us directly can claim neither HTTPS nor another host. docs/architecture.md, "Edge" (Public origin and
 * scheme).
 */
import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'

import proxyAddr from 'proxy-addr'

import { PUBLIC_ORIGIN_HEADER, SCHEME_HEADER } from '@/runtime/headers'

export type Scheme = 'https' | 'http'
export interface RequestOrigin {
  scheme: Scheme
  /** null: the request named no usable host. */
  origin: string | null
}
export type PublicOrigin = (req: IncomingMessage) => RequestOrigin

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
/** A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::\\d{1,5})?$`, 'i')

/** The first of a comma-separated list: what the proxy nearest the client wrote. */
function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value
  if (text === undefined) return undefined
  const comma = text.indexOf(',')
  return (comma === -1 ? text : text.slice(0, comma)).trim() || undefined
}

function originOf(scheme: Scheme, host: string | undefined): string | null {
  if (!host || !HOST.test(host)) return null
  try {
    return new URL(`${scheme}://${host}`).origin
  } catch {
    return null // a port beyond 65535
  }
}

/** The origins of hosts already seen, per scheme: a handful in practice, bounded against a client inventing more. */
function memoized(): (scheme: Scheme, host: string | undefined) => string | null {
  const seen = { http: new Map<string, string | null>(), https: new Map<string, string | null>() }
  return (scheme, host) => {
    if (host === undefined) return null
    const known = seen[scheme]
    let origin = known.get(host)
    if (origin === undefined) {
      origin = originOf(scheme, host)
      if (known.size >= 256) known.clear()
      known.set(host, origin)
    }
    return origin
  }
}

export function createPublicOrigin(trustedProxies: string[]): PublicOrigin {
  const trust = proxyAddr.compile(trustedProxies)
  const origin = memoized()
  return (req) => {
    const peer = req.socket.remoteAddress
    const viaProxy = peer !== undefined && trust(peer, 0)
    const forwardedProto = viaProxy ? first(req.headers['x-forwarded-proto'])?.toLowerCase() : undefined
    const scheme: Scheme = (req.socket as TLSSocket).encrypted || forwardedProto === 'https' ? 'https' : 'http'
    const host = (viaProxy ? first(req.headers['x-forwarded-host']) : undefined) ?? first(req.headers.host)
    return { scheme, origin: origin(scheme, host) }
  }
}

/** Replaces whatever the client sent under the internal headers with what was determined here. */
export function setPublicOrigin(req: IncomingMessage, publicOrigin: PublicOrigin): void {
  const { scheme, origin } = publicOrigin(req)
  req.headers[SCHEME_HEADER] = scheme
  if (origin) req.headers[PUBLIC_ORIGIN_HEADER] = origin
  else delete req.headers[PUBLIC_ORIGIN_HEADER]
}
