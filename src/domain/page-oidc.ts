/**
 * Who a private page lets in through its identity provider (docs/private-pages.md, "Sign-in with your identity
 * provider"): the rule on the verified ID token's claims, without a framework. The provider proves who the reader
 * is; the operator's rule says which of its accounts may read the page. A rule that names nobody lets nobody in: an
 * issuer such as Google's has every Google account, so "anyone the provider knows" is never the default.
 */

/** A page's provider and its rule (the client secret stays with the settings, sealed). */
export interface PageOidcRule {
  issuer: string
  clientId: string
  /** What the sign-in button calls the provider: "Sign in with <label>". */
  label: string
  /** The scopes asked for; `openid` always among them. */
  scopes: string
  /** E-mail domains (`example.com`) whose verified addresses may enter. */
  domains: readonly string[]
  /** Verified addresses that may enter, whatever their domain. */
  emails: readonly string[]
  /** The claim that lists the reader's groups (`groups`), and the groups that may enter. */
  groupsClaim: string | null
  groups: readonly string[]
}

export const DEFAULT_OIDC_SCOPES = 'openid email profile'

const lower = (value: string) => value.trim().toLowerCase()

/**
 * The address the provider vouches for, or null. `email_verified: false` means the provider did not check the
 * address (an account may type anyone's), so it proves nothing; a provider that never sends the claim (some only
 * issue checked addresses) is taken at its word.
 */
export function verifiedEmail(claims: Readonly<Record<string, unknown>>): string | null {
  const { email, email_verified: verified } = claims
  if (typeof email !== 'string' || !email.includes('@')) return null
  if (verified === false || verified === 'false') return null
  return lower(email)
}

/** The groups a claim lists: an array of names, or one name. */
function groupsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

/** Whether the reader these claims describe may enter: any one of the rule's lists admitting them is enough. */
export function oidcAdmits(rule: PageOidcRule, claims: Readonly<Record<string, unknown>>): boolean {
  const email = verifiedEmail(claims)
  if (email) {
    const domain = email.slice(email.lastIndexOf('@') + 1)
    if (rule.domains.some((allowed) => lower(allowed).replace(/^@/, '') === domain)) return true
    if (rule.emails.some((allowed) => lower(allowed) === email)) return true
  }
  if (rule.groupsClaim && rule.groups.length) {
    const theirs = new Set(groupsOf(claims[rule.groupsClaim]))
    if (rule.groups.some((group) => theirs.has(group))) return true
  }
  return false
}

/** Why a typed e-mail domain cannot be one (null: it can). */
export function emailDomainProblem(value: string): string | null {
  return /^@?(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(value.trim())
    ? null
    : `"${value}" is not an e-mail domain such as example.com`
}

/** Why the scopes cannot be asked for (null: they can): OpenID Connect needs `openid`. */
export function scopesProblem(value: string): string | null {
  const scopes = value.trim().split(/\s+/)
  if (!scopes.includes('openid')) return 'the scopes must include openid'
  return scopes.every((scope) => /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope)) ? null : 'a scope has a character none may'
}

/** The configured parts of a provider set-up, as the page's form holds them. */
export interface OidcSetup {
  issuer?: string | null
  clientId?: string | null
  domains: number
  emails: number
  groupsClaim?: string | null
  groups: number
}

/**
 * What a started provider set-up still lacks, as [field, message] (null: complete, or not started). A set-up
 * without a rule would let in every account the provider has. (The client secret, write-only, is its field's to
 * check: only there is the stored one known.)
 */
export function oidcSetupProblem(setup: OidcSetup): [string, string] | null {
  const started = Boolean(setup.issuer?.trim() || setup.clientId?.trim())
  if (!started) return null
  if (!setup.issuer?.trim()) return ['issuer', 'give the issuer URL of the identity provider']
  if (!setup.clientId?.trim()) return ['clientId', 'give the client id the identity provider gave this page']
  if (setup.groups && !setup.groupsClaim?.trim()) return ['groupsClaim', 'name the claim that lists the groups']
  if (!setup.domains && !setup.emails && !setup.groups)
    return ['allowedDomains', 'say who may enter: e-mail domains, e-mail addresses or groups']
  return null
}

/**
 * How a sign-in the provider answered with an error instead of a code (RFC 6749 §4.1.2.1) is told to the reader:
 * `access_denied` is the reader's own doing (they cancelled at the provider, or declined its consent), told as a
 * cancelled sign-in; any other code is the provider refusing, named by that code when it is one as the RFC spells
 * them (printable ASCII, no quote or backslash; at most 64 here), else not named. Never by its description: that is
 * the provider's free text, for the server log.
 */
export type OidcRefusal = { kind: 'cancelled' } | { kind: 'refused'; code: string | null }

const ERROR_CODE = /^[\x20\x21\x23-\x5b\x5d-\x7e]{1,64}$/

export function oidcRefusal(error: string | null | undefined): OidcRefusal {
  const code = (error ?? '').trim()
  if (code === 'access_denied') return { kind: 'cancelled' }
  return { kind: 'refused', code: ERROR_CODE.test(code) ? code : null }
}
