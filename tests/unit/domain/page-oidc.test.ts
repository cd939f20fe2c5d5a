import { describe, expect, it } from 'vitest'

import {
  emailDomainProblem,
  oidcAdmits,
  oidcRefusal,
  oidcSetupProblem,
  type PageOidcRule,
  scopesProblem,
  verifiedEmail,
} from '@/domain/page-oidc'

const rule: PageOidcRule = {
  issuer: 'https://id.example.test',
  clientId: 'status',
  label: 'Example ID',
  scopes: 'openid email profile',
  domains: ['Example.com', '@corp.example'],
  emails: ['Contractor@Partner.test'],
  groupsClaim: 'groups',
  groups: ['status-readers'],
}

describe("who the identity provider's accounts may enter", () => {
  it('admits a verified address in an allowed domain or on the list, case aside', () => {
    expect(oidcAdmits(rule, { email: 'ana@EXAMPLE.com', email_verified: true })).toBe(true)
    expect(oidcAdmits(rule, { email: 'bo@corp.example' })).toBe(true)
    expect(oidcAdmits(rule, { email: 'contractor@partner.test', email_verified: true })).toBe(true)
  })

  it('refuses other domains, a sub-domain or look-alike, and an address the provider did not verify', () => {
    expect(oidcAdmits(rule, { email: 'eve@elsewhere.test', email_verified: true })).toBe(false)
    expect(oidcAdmits(rule, { email: 'eve@evil.example.com', email_verified: true })).toBe(false)
    expect(oidcAdmits(rule, { email: 'eve@example.com.evil.test', email_verified: true })).toBe(false)
    expect(oidcAdmits(rule, { email: 'ana@example.com', email_verified: false })).toBe(false)
    expect(oidcAdmits(rule, { email: 'ana@example.com', email_verified: 'false' })).toBe(false)
    expect(verifiedEmail({ email: 42 })).toBeNull()
  })

  it('admits a member of an allowed group, by the claim the operator named', () => {
    expect(oidcAdmits(rule, { groups: ['staff', 'status-readers'] })).toBe(true)
    expect(oidcAdmits(rule, { groups: 'status-readers' })).toBe(true)
    expect(oidcAdmits(rule, { groups: ['staff'] })).toBe(false)
    expect(oidcAdmits(rule, { roles: ['status-readers'] })).toBe(false)
  })

  it('admits nobody when the rule names nobody', () => {
    const nobody = { ...rule, domains: [], emails: [], groups: [] }
    expect(oidcAdmits(nobody, { email: 'ana@example.com', email_verified: true, groups: ['status-readers'] })).toBe(
      false,
    )
  })
})

describe('a provider set-up', () => {
  const complete = { issuer: 'https://id.test', clientId: 'c', domains: 1, emails: 0, groups: 0 }

  it('is fine complete or not started, and names what a started one lacks', () => {
    expect(oidcSetupProblem(complete)).toBeNull()
    expect(oidcSetupProblem({ domains: 0, emails: 0, groups: 0 })).toBeNull()
    expect(oidcSetupProblem({ ...complete, clientId: '' })?.[0]).toBe('clientId')
    expect(oidcSetupProblem({ ...complete, domains: 0 })?.[0]).toBe('allowedDomains')
    expect(oidcSetupProblem({ ...complete, domains: 0, groups: 1 })?.[0]).toBe('groupsClaim')
  })

  it('checks domains and scopes', () => {
    expect(emailDomainProblem('example.com')).toBeNull()
    expect(emailDomainProblem('@example.com')).toBeNull()
    for (const bad of ['example', 'ana@example.com', 'https://example.com', ''])
      expect(emailDomainProblem(bad)).toMatch(/not an e-mail domain/)
    expect(scopesProblem('openid email')).toBeNull()
    expect(scopesProblem('email profile')).toMatch(/openid/)
    expect(scopesProblem('openid "x"')).toMatch(/character/)
  })
})

describe('an error the provider answered instead of a sign-in', () => {
  it('is a cancelled sign-in when it is access_denied', () => {
    expect(oidcRefusal('access_denied')).toEqual({ kind: 'cancelled' })
  })

  it('is a refusal named by its code, when the code is one as RFC 6749 spells them', () => {
    expect(oidcRefusal('login_required')).toEqual({ kind: 'refused', code: 'login_required' })
    expect(oidcRefusal('server_error')).toEqual({ kind: 'refused', code: 'server_error' })
    // Printable, so shown (escaped where it is written).
    expect(oidcRefusal('odd<b>code')).toEqual({ kind: 'refused', code: 'odd<b>code' })
    // Not a code: a quote, a line break, no code at all, or a paragraph.
    for (const bad of ['say "hi"', 'two\nlines', '', null, undefined, 'x'.repeat(65)])
      expect(oidcRefusal(bad)).toEqual({ kind: 'refused', code: null })
  })
})
