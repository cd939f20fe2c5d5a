/**
 * The rules of the operators' second factor (docs/security.md, "Operators' sign-in"), without a framework:
 * what a typed code looks like, which time step a code may be accepted for, and who must have one.
 */
import type { UserRole } from './statuses'

/** Seconds of one TOTP time step (RFC 6238's default, which every authenticator app uses). */
export const TOTP_PERIOD_SECONDS = 30
export const TOTP_DIGITS = 6
/** Steps either side of now a code is good for: a phone's clock a little off, a code typed as it changed. */
export const TOTP_WINDOW = 1
export const RECOVERY_CODE_COUNT = 10

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

export type TypedCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string } | null

/**
 * What the user typed: six digits (spaces allowed, as apps show "123 456") are a time-based code; ten letters and
 * digits of the recovery alphabet (a dash or spaces allowed, any case) a recovery code; anything else nothing.
 */
export function readTypedCode(typed: unknown): TypedCode {
  if (typeof typed !== 'string' || typed.length > 40) return null
  const compact = typed.replace(/[\s-]/g, '').toLowerCase()
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact }
  if (compact.length === 10 && [...compact].every((c) => RECOVERY_ALPHABET.includes(c)))
    return { kind: 'recovery', code: compact }
  return null
}

/** A recovery code as shown: `xxxxx-xxxxx` from random bytes (about 49 bits), no look-alike letters. */
export function formatRecoveryCode(randomBytes: Uint8Array): string {
  const letters = [...randomBytes.subarray(0, 10)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length])
  return `${letters.slice(0, 5).join('')}-${letters.slice(5, 10).join('')}`
}

/**
 * A code matched time step `step`: it is accepted only if no code of that step or a later one was accepted before,
 * so a code seen over a shoulder or in a log cannot be used again within its window.
 */
export function stepIsFresh(step: number, lastAcceptedStep: number | null): boolean {
  return lastAcceptedStep === null || step > lastAcceptedStep
}

/** Whether an account of `role` must have a second factor, given the roles an administrator listed. */
export function secondFactorRequired(role: string | null | undefined, requiredRoles: readonly UserRole[]): boolean {
  return typeof role === 'string' && (requiredRoles as readonly string[]).includes(role)
}
