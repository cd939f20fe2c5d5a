/**
 * Whether the visitor reached the site over HTTPS, decided once at the edge (server.ts) and handed to the routes in
 * a header, like the client address: the socket is TLS, or a trusted proxy (TRUSTED_PROXIES) says X-Forwarded-Proto
 * https. A client talking to us directly cannot claim HTTPS by sending that header. Node only: no Next or Payload.
 */
import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'

import proxyAddr from 'proxy-addr'

import { parseTrustedProxies } from '../edge/client-address'

export const SCHEME_HEADER = 'x-statuspage-scheme'

let trust: ((address: string, hop: number) => boolean) | undefined

export function requestScheme(req: IncomingMessage): 'https' | 'http' {
  if ((req.socket as TLSSocket).encrypted) return 'https'
  trust ??= proxyAddr.compile(parseTrustedProxies(process.env.TRUSTED_PROXIES))
  const peer = req.socket.remoteAddress ?? ''
  if (!peer || !trust(peer, 0)) return 'http'
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '').split(',').pop()?.trim().toLowerCase()
  return forwarded === 'https' ? 'https' : 'http'
}

/** Sets the scheme header on an incoming request, replacing whatever the client sent under that name. */
export function markRequestScheme(req: IncomingMessage): void {
  req.headers[SCHEME_HEADER] = requestScheme(req)
}
