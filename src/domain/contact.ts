/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
export function isE164(phone: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(phone)
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
