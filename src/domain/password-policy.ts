/** The password rule: at least 12 characters, counted as characters, not bytes. */
export const MIN_PASSWORD_LENGTH = 12
export const PASSWORD_TOO_SHORT = `Passwords must be at least ${MIN_PASSWORD_LENGTH} characters long.`

/** What is wrong with a new password, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  return [...password].length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT : null
}
