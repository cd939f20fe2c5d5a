/**
 * Spending a code: a time-based code is accepted once per time step (a later code only), a recovery code once at
 * all. Each acceptance is a compare-and-set of the stored factor (store.ts), tried again if another change came
 * between the read and the write; the code itself is judged against what was read.
 */
import type { Payload, PayloadRequest } from 'payload'

import { readTypedCode, stepIsFresh } from '@/domain/second-factor'

import { readSecondFactor, replaceSecondFactor, type SecondFactorState } from './store'
import { matchingStep, newRecoveryCodes, recoveryCodeHash } from './totp'

const ATTEMPTS = 3

interface Options {
  now?: number
  req?: PayloadRequest
}

/** The state after `typed` is spent, or null when it is not a good code for `state`. */
function afterSpending(
  state: SecondFactorState,
  typed: unknown,
  now: number,
  secret: string,
): SecondFactorState | null {
  const code = readTypedCode(typed)
  if (!code) return null
  if (code.kind === 'totp') {
    const step = matchingStep(state.secret, code.code, now)
    if (step === null || !stepIsFresh(step, state.lastStep)) return null
    return { ...state, lastStep: step }
  }
  // Recovery codes only once the factor is on (enrolment is confirmed with the app's code).
  const hash = recoveryCodeHash(code.code, secret)
  if (!state.on || !state.recovery.includes(hash)) return null
  return { ...state, recovery: state.recovery.filter((kept) => kept !== hash) }
}

/**
 * Spends `typed` for an account whose factor is on (a sign-in's second step, turning the factor off): true if it
 * was a good code, not used before; it is then used.
 */
export async function spendCode(payload: Payload, userId: number, typed: unknown, options: Options = {}) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const stored = await readSecondFactor(payload, userId, options.req)
    if (!stored.state?.on) return false
    const next = afterSpending(stored.state, typed, options.now ?? Date.now(), payload.secret)
    if (!next) return false
    if (await replaceSecondFactor(payload, userId, stored.sealed, next, options.req)) return true
  }
  return false
}

/**
 * Confirms an enrolment with the app's first code: the factor is on from now, and the answer is the ten recovery
 * codes, shown this once. Null when the code is wrong or there is no enrolment waiting.
 */
export async function confirmEnrolment(payload: Payload, userId: number, typed: unknown, options: Options = {}) {
  const stored = await readSecondFactor(payload, userId, options.req)
  if (!stored.state || stored.state.on) return null
  const code = readTypedCode(typed)
  if (code?.kind !== 'totp') return null
  const step = matchingStep(stored.state.secret, code.code, options.now ?? Date.now())
  if (step === null) return null
  const { shown, kept } = newRecoveryCodes(payload.secret)
  const next: SecondFactorState = { ...stored.state, on: true, lastStep: step, recovery: kept }
  return (await replaceSecondFactor(payload, userId, stored.sealed, next, options.req)) ? shown : null
}

/** Turns the factor off with a current time-based code (a recovery code is for signing in, not for this). */
export async function disableWithCode(payload: Payload, userId: number, typed: unknown, options: Options = {}) {
  const stored = await readSecondFactor(payload, userId, options.req)
  const code = readTypedCode(typed)
  if (!stored.state?.on || code?.kind !== 'totp') return false
  const step = matchingStep(stored.state.secret, code.code, options.now ?? Date.now())
  if (step === null || !stepIsFresh(step, stored.state.lastStep)) return false
  return replaceSecondFactor(payload, userId, stored.sealed, null, options.req)
}
