/**
 * Who may read a private page (docs/private-pages.md): the rules without a framework. A page is public (anyone) or
 * private; a private page admits a reader by any of the ways its operator set: a password or a sign-in with its
 * identity provider (the reader then carries a signed access cookie, src/settings/page-access.ts), a network the
 * reader's address is in.
 */
import ipaddr from 'ipaddr.js'

import { oidcAdmits, type PageOidcRule } from './page-oidc'

export const PAGE_ACCESS_MODES = ['public', 'private'] as const
export type PageAccessMode = (typeof PAGE_ACCESS_MODES)[number]

export const PAGE_ACCESS_LABELS: Record<PageAccessMode, string> = {
  public: 'Public: anyone may read it',
  private: 'Private: only readers let in by a password, their identity provider or their network',
}

/** What of a private page's settings the gate needs (the hashes never leave the server). */
export interface PageAccessRule {
  private: boolean
  /** The stored hashes of its passwords (src/auth/page-password.ts). */
  passwordHashes: readonly string[]
  /** CIDRs (`10.0.0.0/8`, `2001:db8::/32`) whose addresses are let in without a password. */
  networks: readonly string[]
  /** Its identity provider and who of its accounts may enter (src/domain/page-oidc.ts); null: none. */
  oidc: PageOidcRule | null
}

/** The address as ipaddr.js compares it: an IPv4-mapped IPv6 address as the IPv4 address it is. */
function parsedAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.process(address.trim())
  } catch {
    return null
  }
}

/** Why a typed network cannot be one (null: it can). A bare address is a network of one. */
export function networkProblem(value: string): string | null {
  try {
    rangeOf(value)
    return null
  } catch {
    return `"${value}" is not a network such as 192.0.2.0/24 or 2001:db8::/32`
  }
}

/** A typed network as a range: a CIDR, or a bare address as a network of one. */
function rangeOf(network: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  const text = network.trim()
  if (text.includes('/')) return ipaddr.parseCIDR(text)
  const address = ipaddr.parse(text)
  return [address, address.kind() === 'ipv4' ? 32 : 128]
}

/** Whether `address` (the client address as TRUSTED_PROXIES defines it) is in one of `networks`. */
export function inNetworks(networks: readonly string[], address: string | null): boolean {
  const parsed = address ? parsedAddress(address) : null
  if (!parsed) return false
  return networks.some((network) => {
    try {
      const range = rangeOf(network)
      return parsed.kind() === range[0].kind() && parsed.match(range)
    } catch {
      return false
    }
  })
}

/**
 * The channels a reader may subscribe to a private page by: e-mail only. A webhook, chat or SMS address a reader
 * types would carry the page's private news to wherever it points; the operator adds those channels itself.
 */
export const PRIVATE_PAGE_CHANNELS: readonly string[] = ['email']

/** Why a page does not take subscriptions by this channel (null: it does). */
export function pageChannelRefusal(page: { private?: boolean }, type: string): string | null {
  return page.private && !PRIVATE_PAGE_CHANNELS.includes(type)
    ? 'type: a private page sends its news by e-mail only'
    : null
}

/**
 * Why a private page's news may not go to `email` (null: it may). When its only way in is its identity provider, the
 * addresses its rule lets in are its readers' (the allowed domains and list); a page a password or a network also
 * opens cannot tell its readers' addresses from others', and takes any.
 */
export function subscriberAddressRefusal(rule: PageAccessRule, email: string): string | null {
  if (!rule.private || !rule.oidc || rule.passwordHashes.length || rule.networks.length) return null
  return oidcAdmits(rule.oidc, { email, email_verified: true })
    ? null
    : 'email: this private page sends its news only to addresses that may sign in to it'
}

/** How a reader without access is answered: the sign-in (a password or the provider would let them in), or a refusal. */
export type AccessRefusal = 'sign-in' | 'network'

/** Whether a reader may read the page; else how they are answered. */
export function accessDecision(
  rule: PageAccessRule,
  reader: {
    address: string | null
    signedIn: boolean
    /** Holds one of the page's access links still in force (src/domain/access-link.ts): a share link's cookie, a feed token. */
    linked?: boolean
  },
): 'granted' | AccessRefusal {
  if (!rule.private) return 'granted'
  // A link is the page's own grant to one reader, whatever its other ways in: it lasts while the link does.
  if (reader.linked) return 'granted'
  // A cookie proves a sign-in by a way the page still has (its signature covers them, src/settings/page-access.ts).
  const signsIn = rule.passwordHashes.length > 0 || rule.oidc !== null
  if (reader.signedIn && signsIn) return 'granted'
  if (rule.networks.length && inNetworks(rule.networks, reader.address)) return 'granted'
  return signsIn ? 'sign-in' : 'network'
}

/** Where a reader goes after signing in: a path of the same site only (never another host: no open redirect). */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/'
  return value
}
