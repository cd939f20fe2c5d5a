/**
 * TRUSTED_PROXIES as src/config/env.ts reads it; the edge's client address (src/edge/client-address.ts) then trusts
 * exactly these peers. With the configuration, so that it depends on no part of the edge.
 */
import proxyAddr from 'proxy-addr'

/** Parses TRUSTED_PROXIES (comma-separated addresses, CIDRs, or proxy-addr's names: loopback, linklocal,
 * uniquelocal). Throws on an invalid entry, so a typo stops the process at start instead of trusting nobody. */
export function parseTrustedProxies(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  proxyAddr.compile(entries)
  return entries
}
