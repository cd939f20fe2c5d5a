import { describe, expect, it } from 'vitest'

import {
  accessDecision,
  inNetworks,
  networkProblem,
  pageChannelRefusal,
  safeReturnPath,
  subscriberAddressRefusal,
} from '@/domain/page-access'
import type { PageOidcRule } from '@/domain/page-oidc'

const OIDC: PageOidcRule = {
  issuer: 'https://id.example.test',
  clientId: 'status',
  label: 'Example ID',
  scopes: 'openid email',
  domains: ['example.test'],
  emails: [],
  groupsClaim: null,
  groups: [],
}

describe('networks', () => {
  it('takes CIDRs and bare addresses of both families, and says what is wrong with anything else', () => {
    for (const good of ['10.0.0.0/8', '192.0.2.7', '2001:db8::/32', '::1']) expect(networkProblem(good)).toBeNull()
    for (const bad of ['10.0.0.0/33', '300.1.1.1', 'office', '2001:db8::/129', ''])
      expect(networkProblem(bad)).toMatch(/is not a network/)
  })

  it('matches an address in a network of its family, an IPv4-mapped address as IPv4', () => {
    const networks = ['10.1.0.0/16', '2001:db8::/32', '192.0.2.7']
    expect(inNetworks(networks, '10.1.200.3')).toBe(true)
    expect(inNetworks(networks, '::ffff:10.1.0.9')).toBe(true)
    expect(inNetworks(networks, '2001:db8:1::5')).toBe(true)
    expect(inNetworks(networks, '192.0.2.7')).toBe(true)
    expect(inNetworks(networks, '192.0.2.8')).toBe(false)
    expect(inNetworks(networks, '10.2.0.1')).toBe(false)
    expect(inNetworks(networks, 'not an address')).toBe(false)
    expect(inNetworks(networks, null)).toBe(false)
  })
})

describe('who may read a page', () => {
  const rule = { private: true, passwordHashes: ['h'], networks: ['10.0.0.0/8'], oidc: null }

  it('lets anyone read a public page', () => {
    expect(
      accessDecision(
        { private: false, passwordHashes: [], networks: [], oidc: null },
        { address: null, signedIn: false },
      ),
    ).toBe('granted')
  })

  it('lets in a signed-in reader or one from a listed network; asks others to sign in, or refuses them', () => {
    expect(accessDecision(rule, { address: '192.0.2.1', signedIn: true })).toBe('granted')
    expect(accessDecision(rule, { address: '10.9.9.9', signedIn: false })).toBe('granted')
    expect(accessDecision(rule, { address: '192.0.2.1', signedIn: false })).toBe('sign-in')
    const networkOnly = { ...rule, passwordHashes: [] }
    expect(accessDecision(networkOnly, { address: '192.0.2.1', signedIn: false })).toBe('network')
    // A cookie from before the page's passwords were all removed lets nobody in.
    expect(accessDecision(networkOnly, { address: '192.0.2.1', signedIn: true })).toBe('network')
    // An access link lets its reader in whatever the page's other ways in are.
    expect(accessDecision(networkOnly, { address: '192.0.2.1', signedIn: false, linked: true })).toBe('granted')
    // A page whose only sign-in is its identity provider: a signed-in reader is in, others are asked to sign in.
    const providerOnly = { ...networkOnly, oidc: OIDC }
    expect(accessDecision(providerOnly, { address: '192.0.2.1', signedIn: true })).toBe('granted')
    expect(accessDecision(providerOnly, { address: '192.0.2.1', signedIn: false })).toBe('sign-in')
  })

  it('sends a reader back to a path of this site only', () => {
    expect(safeReturnPath('/history')).toBe('/history')
    for (const elsewhere of ['//evil.test/x', 'https://evil.test', '/\\evil.test', '', null])
      expect(safeReturnPath(elsewhere)).toBe('/')
  })

  it('takes subscriptions to a private page by e-mail only', () => {
    expect(pageChannelRefusal({ private: true }, 'email')).toBeNull()
    expect(pageChannelRefusal({ private: true }, 'webhook')).toMatch(/e-mail only/)
    expect(pageChannelRefusal({}, 'webhook')).toBeNull()
  })
})

describe("a private page's subscribers' addresses", () => {
  const oidc = {
    issuer: 'https://id.example.com',
    clientId: 'status',
    label: 'Acme ID',
    scopes: 'openid email',
    domains: ['example.com'],
    emails: ['partner@elsewhere.test'],
    groupsClaim: null,
    groups: [],
  }
  const rule = { private: true, passwordHashes: [], networks: [], oidc }

  it('are those its identity provider lets in, when that is its only way in', () => {
    expect(subscriberAddressRefusal(rule, 'ana@example.com')).toBeNull()
    expect(subscriberAddressRefusal(rule, 'partner@elsewhere.test')).toBeNull()
    expect(subscriberAddressRefusal(rule, 'someone@elsewhere.test')).toMatch(/may sign in/)
  })

  it('are any address when a password or a network opens the page too', () => {
    expect(subscriberAddressRefusal({ ...rule, passwordHashes: ['h'] }, 'someone@elsewhere.test')).toBeNull()
    expect(subscriberAddressRefusal({ ...rule, networks: ['10.0.0.0/8'] }, 'someone@elsewhere.test')).toBeNull()
  })
})
