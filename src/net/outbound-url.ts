/**
 * The guard for server-side requests to addresses an operator typed (the SMS provider's API base URL; webhooks
 * later). An administrator's typo, a shared demo account or a stolen admin session must not turn the server into a
 * proxy to its own network:
 *
 * - only `https:` URLs; plain `http:` only when OUTBOUND_ALLOW_HTTP=true;
 * - only public unicast addresses: loopback, private, link-local, unique-local, unspecified, multicast,
 *   carrier-grade NAT and the other special ranges of ipaddr.js are refused, unless they fall inside
 *   OUTBOUND_ALLOWED_NETWORKS (CIDR list, for a provider that lives inside the operator's network);
 * - the check runs when the request is made, after DNS resolution, inside the connection's own lookup: the socket
 *   connects to exactly the address that was checked, so a DNS answer that changes between a check and the
 *   connection (rebinding) cannot reach anything else. Redirects are refused.
 */
import dns from 'node:dns'
import type { LookupAddress, LookupOptions } from 'node:dns'
import net from 'node:net'

import ipaddr from 'ipaddr.js'
import {
  Agent,
  fetch as undiciFetch,
  type RequestInit as UndiciRequestInit,
  type Response as UndiciResponse,
} from 'undici'

import { type Env, env, type Network } from '@/config/env'

export interface OutboundPolicy {
  allowHttp: boolean
  /** Networks an operator allowed explicitly, besides the public internet. */
  allowedNetworks: readonly Network[]
}

/** The refusal of an address or URL: its message names no port and nothing the far side said. */
export class OutboundRefused extends Error {
  readonly code = 'OUTBOUND_REFUSED'
}

/** OUTBOUND_ALLOW_HTTP=true: plain http:// is accepted too. */
export const httpAllowed = (settings: Env = env()): boolean => settings.OUTBOUND_ALLOW_HTTP

/** The policy from OUTBOUND_ALLOW_HTTP and OUTBOUND_ALLOWED_NETWORKS (parsed and checked in src/config/env.ts). */
export function outboundPolicy(settings: Env = env()): OutboundPolicy {
  return { allowHttp: settings.OUTBOUND_ALLOW_HTTP, allowedNetworks: settings.OUTBOUND_ALLOWED_NETWORKS }
}

/** Why this URL may not be used for an outbound request (scheme or syntax), or null when it may. */
export function urlProblem(value: string, allowHttp: boolean = httpAllowed()): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'must be a full URL, such as https://api.example.com'
  }
  if (url.protocol === 'https:') return null
  if (url.protocol === 'http:')
    return allowHttp ? null : 'must use https:// (plain http:// only when OUTBOUND_ALLOW_HTTP=true)'
  return 'must use https://'
}

/** True when the server may connect to this IP address. */
export function addressAllowed(address: string, policy: OutboundPolicy = outboundPolicy()): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6
  try {
    // IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
    ip = ipaddr.process(address)
  } catch {
    return false
  }
  if (policy.allowedNetworks.some(([network, bits]) => network.kind() === ip.kind() && ip.match(network, bits)))
    return true
  return ip.range() === 'unicast'
}

/**
 * Why a destination typed into a form may not be used, judged without DNS: the scheme, and an IP literal outside
 * the policy. A name is accepted here, resolved or not: its addresses are checked when a request is made.
 */
export function destinationProblem(value: string, policy: OutboundPolicy = outboundPolicy()): string | null {
  const problem = urlProblem(value, policy.allowHttp)
  if (problem) return problem
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '')
  if (net.isIP(host) && !addressAllowed(host, policy))
    return 'must not point to a loopback, private, link-local or other internal address (allow one with OUTBOUND_ALLOWED_NETWORKS)'
  return null
}

const REFUSED_ADDRESS =
  'The address is not a public internet address (allow internal networks with OUTBOUND_ALLOWED_NETWORKS).'

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/**
 * A dns.lookup for net.connect that resolves the name and hands on only the answers that are allowed (refusing when
 * none is): the socket connects to one of exactly these, so a later, different DNS answer changes nothing.
 */
function guardedLookup(policy: OutboundPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, answers) => {
      if (error) return callback(error, [])
      const addresses = answers.filter((a) => addressAllowed(a.address, policy))
      if (addresses.length === 0) return callback(new OutboundRefused(REFUSED_ADDRESS), [])
      if (options.all) return callback(null, addresses)
      callback(null, addresses[0].address, addresses[0].family)
    })
  }
}

export interface OutboundTimeouts {
  /** Establishing the connection (TCP and TLS). */
  connectMs: number
  /** From the request written to the answer's headers, and then between chunks of its body. */
  answerMs: number
}

/** One agent per policy and timeouts (the keys are small and few), so connections are reused. */
const agents = new Map<string, Agent>()
function agentFor(policy: OutboundPolicy, timeouts: OutboundTimeouts): Agent {
  const key = JSON.stringify([
    policy.allowHttp,
    policy.allowedNetworks.map(([n, b]) => `${n.toString()}/${b}`),
    timeouts,
  ])
  let agent = agents.get(key)
  if (!agent) {
    agent = new Agent({
      connect: { lookup: guardedLookup(policy), timeout: timeouts.connectMs },
      headersTimeout: timeouts.answerMs,
      bodyTimeout: timeouts.answerMs,
    })
    agents.set(key, agent)
  }
  return agent
}

/**
 * fetch() to an operator-typed URL under the policy. Throws OutboundRefused before anything leaves when the URL
 * or its address is not allowed; other errors are undici's (see `failedBeforeSending`).
 */
export async function outboundFetch(
  target: string,
  /** redirect 'manual': a 3xx is handed back as the answer it is, never followed (the default refuses it). */
  init: Omit<UndiciRequestInit, 'dispatcher' | 'redirect'> & { redirect?: 'manual' },
  timeouts: OutboundTimeouts,
  policy: OutboundPolicy = outboundPolicy(),
): Promise<UndiciResponse> {
  const problem = urlProblem(target, policy.allowHttp)
  if (problem) throw new OutboundRefused(`The URL ${problem}.`)
  const url = new URL(target)
  // An IP literal never goes through the lookup; WHATWG URL parsing has already normalised forms like 2130706433.
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (net.isIP(host) && !addressAllowed(host, policy)) throw new OutboundRefused(REFUSED_ADDRESS)
  return undiciFetch(url, { ...init, redirect: init.redirect ?? 'error', dispatcher: agentFor(policy, timeouts) })
}

/** The refusal behind a failed outbound fetch (undici wraps what the lookup raised in "fetch failed"), if any. */
export function refusalIn(error: unknown): OutboundRefused | null {
  for (
    let current = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    if (current instanceof OutboundRefused) return current
  }
  return null
}

/** The system's codes for a connection that never opened (no address, refused, unreachable), for any protocol. */
export const CONNECTION_NEVER_OPENED = [
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
] as const

/** The codes of errors raised before a request was written: the far side cannot have received anything. */
const BEFORE_SENDING = new Set<string>([
  ...CONNECTION_NEVER_OPENED,
  'UND_ERR_CONNECT_TIMEOUT',
  'OUTBOUND_REFUSED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_HAS_EXPIRED',
  'SELF_SIGNED_CERT_IN_CHAIN',
])

/**
 * True when a failed outbound fetch certainly did not deliver its request: the address was refused, or the
 * connection (DNS, TCP, TLS) never came up. Anything else (a timeout waiting for the answer, a connection reset
 * after the request was written) may have delivered it.
 */
export function failedBeforeSending(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    current && depth < 5;
    current = current.cause as typeof current, depth++
  ) {
    if (current instanceof OutboundRefused) return true
    if (typeof current.code === 'string' && BEFORE_SENDING.has(current.code)) return true
  }
  return false
}

/** A one-line account of a failed outbound request for the server log (not for anybody else): messages and codes. */
export function describeFailure(error: unknown): string {
  const parts: string[] = []
  for (
    let current = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const { message, code } = current as { message?: string; code?: unknown }
    parts.push(`${message ?? String(current)}${typeof code === 'string' ? ` (${code})` : ''}`)
  }
  return parts.join(': ')
}
