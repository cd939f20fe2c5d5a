import { describe, expect, it } from 'vitest'

import { MIN_PASSWORD_LENGTH, passwordProblem } from '@/domain/password-policy'

describe('the password rule', () => {
  it('takes 12 characters or more, and says how many it wants otherwise', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(12)
    expect(passwordProblem('a'.repeat(12))).toBeNull()
    expect(passwordProblem('a'.repeat(11))).toBe('Passwords must be at least 12 characters long.')
    expect(passwordProblem('')).toBe('Passwords must be at least 12 characters long.')
  })

  it('counts characters, not bytes or UTF-16 units', () => {
    // Six emoji are 12 UTF-16 units and 24 bytes, but six characters.
    expect(passwordProblem('😀'.repeat(6))).not.toBeNull()
    expect(passwordProblem('😀'.repeat(12))).toBeNull()
    expect(passwordProblem('äöüßéèàçñøåæ')).toBeNull()
  })
})
