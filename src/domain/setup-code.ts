/**
 * The setup code for the first administrator. Until someone has an account, the first-user screen belongs to
 * whoever reaches the port first, and a fresh server listens on every interface; so creating that account asks for
 * a code that only the server's log shows. It is derived from the secret rather than stored: every instance of one
 * deployment prints the same code, across restarts, with no table to keep, and it opens nothing once a user exists.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

/** The field that carries the code: on the first-user screen, and in the body of POST /api/users/first-register. */
export const SETUP_CODE_FIELD = 'setupCode'

/** 32 symbols without the look-alikes 0/O and 1/I: twelve of them are 60 bits, read off a log and typed by hand. */
const SYMBOLS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const LENGTH = 12

/** The code for `secret` (the secret Payload signs with), in groups of four: `ABCD-EFGH-JKLM`. */
export function setupCodeFor(secret: string): string {
  const digest = createHmac('sha256', secret).update('statuspage first-user setup code').digest()
  let code = ''
  for (let i = 0; i < LENGTH; i++) code += SYMBOLS[digest[i] % SYMBOLS.length]
  return code.replace(/(.{4})(?=.)/g, '$1-')
}

const SETUP_CODE_MISSING =
  'The setup code is required to create the first user: the server prints it in its log at start.'
const SETUP_CODE_WRONG = 'The setup code is not the one the server printed in its log.'

/** What is wrong with the code a client gave, or null when it is right; case, spaces and dashes do not matter. */
export function setupCodeProblem(given: unknown, secret: string): string | null {
  if (typeof given !== 'string' || given.trim() === '') return SETUP_CODE_MISSING
  const typed = Buffer.from(given.toUpperCase().replace(/[\s-]/g, ''))
  const expected = Buffer.from(setupCodeFor(secret).replace(/-/g, ''))
  return typed.length === expected.length && timingSafeEqual(typed, expected) ? null : SETUP_CODE_WRONG
}
