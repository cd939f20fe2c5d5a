import { isPossiblePhoneNumber } from 'libphonenumber-js'

/**
 * A phone number in E.164 form: a plus and digits only (at most 15), with a country code that exists and a length
 * that country's numbers can have (libphonenumber-js's metadata). Possible, not "valid": validity would also
 * check number ranges, and refuse numbers that texts still reach (new ranges the metadata has not caught up
 * with) and the fictional 555 numbers used in examples.
 */
export function isE164(phone: string): boolean {
  return /^\+[1-9]\d{1,14}$/.test(phone) && isPossiblePhoneNumber(phone)
}

/**
 * A deliverable-looking address: one @, a dotted domain, no spaces, within RFC 5321's 254 characters. Stricter
 * checks reject real addresses; the confirmation e-mail is the real test.
 */
export function isEmailAddress(email: string): boolean {
  if (email.length > 254) return false
  // Domain labels are non-empty: "user@.com", "user@example..com" are not addresses anyone can receive mail at.
  return /^[^\s@<>()[\]\\,;:"]+@(?:[^\s@<>()[\]\\,;:".]+\.)+[^\s@<>()[\]\\,;:".]{2,}$/.test(email)
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}
