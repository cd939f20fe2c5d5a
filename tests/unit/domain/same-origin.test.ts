import { describe, expect, it } from 'vitest'

import { isSameOriginWrite } from '@/domain/same-origin'

const site = { requestHost: 'status.example.com', siteOrigins: [] as string[] }

describe('isSameOriginWrite (M1)', () => {
  it('accepts the request host under either scheme (a TLS proxy may change it) and the configured origins', () => {
    expect(isSameOriginWrite({ ...site, origin: 'https://status.example.com', secFetchSite: null })).toBe(true)
    expect(isSameOriginWrite({ ...site, origin: 'http://status.example.com', secFetchSite: null })).toBe(true)
    expect(
      isSameOriginWrite({
        origin: 'https://status.example.com',
        secFetchSite: null,
        requestHost: 'app:3000',
        siteOrigins: ['https://status.example.com'],
      }),
    ).toBe(true)
  })

  it('refuses other ports, subdomains, sites, "null" and garbage', () => {
    for (const origin of [
      'https://status.example.com:8443',
      'https://evil.status.example.com',
      'https://example.com',
      'null',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(isSameOriginWrite({ ...site, origin, secFetchSite: null }), origin).toBe(false)
    }
  })

  it('without an Origin, refuses only what the browser marks as started by another site', () => {
    expect(isSameOriginWrite({ ...site, origin: null, secFetchSite: null })).toBe(true)
    expect(isSameOriginWrite({ ...site, origin: null, secFetchSite: 'same-origin' })).toBe(true)
    expect(isSameOriginWrite({ ...site, origin: null, secFetchSite: 'none' })).toBe(true)
    expect(isSameOriginWrite({ ...site, origin: null, secFetchSite: 'same-site' })).toBe(false)
    expect(isSameOriginWrite({ ...site, origin: null, secFetchSite: 'cross-site' })).toBe(false)
  })
})
