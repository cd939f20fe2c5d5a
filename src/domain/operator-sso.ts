/**
 * Who of an identity provider's users may sign in to the admin, and as what (docs/operating.md, "Single sign-on for
 * operators"). Judged at every sign-in from the ID token's claims: a group membership changed at the provider changes
 * the role at the next sign-in, and a removed one refuses it.
 */
import { verifiedEmail } from './page-oidc'
import type { UserRole } from './statuses'

export interface OperatorSsoRule {
  groupsClaim: string
  adminGroups: readonly string[]
  editorGroups: readonly string[]
  /** E-mail domains that may enter; empty: any the groups admit. */
  allowedDomains: readonly string[]
}

export type OperatorAdmission =
  | { admitted: true; email: string; role: UserRole }
  /** `email`: no verified e-mail; `domain`: not an allowed one; `group`: in no group that gives a role. */
  | { admitted: false; email: string | null; reason: 'email' | 'domain' | 'group' }

function listOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

/**
 * The account a provider's user signs in as: admin for a member of an admin group, else editor for a member of an
 * editor group; with no groups configured, editor for anyone of an allowed domain. With neither groups nor domains
 * nobody enters: a provider's every user is rarely who should run the status page.
 */
export function operatorAdmission(rule: OperatorSsoRule, claims: Readonly<Record<string, unknown>>): OperatorAdmission {
  const email = verifiedEmail(claims)
  if (!email) return { admitted: false, email: null, reason: 'email' }
  const domain = email.slice(email.lastIndexOf('@') + 1)
  if (rule.allowedDomains.length && !rule.allowedDomains.includes(domain))
    return { admitted: false, email, reason: 'domain' }
  const groups = listOf(claims[rule.groupsClaim])
  if (rule.adminGroups.some((group) => groups.includes(group))) return { admitted: true, email, role: 'admin' }
  if (rule.editorGroups.some((group) => groups.includes(group))) return { admitted: true, email, role: 'editor' }
  const noGroups = rule.adminGroups.length === 0 && rule.editorGroups.length === 0
  if (noGroups && rule.allowedDomains.length) return { admitted: true, email, role: 'editor' }
  return { admitted: false, email, reason: 'group' }
}
