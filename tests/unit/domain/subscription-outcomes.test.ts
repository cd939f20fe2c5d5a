import { describe, expect, it } from 'vitest'

import { verifyOutcome } from '@/domain/subscription-outcomes'

const DAY = 86_400_000
const now = new Date('2026-03-10T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString()
const pending = { active: true, verified: false, confirmationSentAt: ago(DAY), createdAt: ago(30 * DAY) }

describe('verifyOutcome', () => {
  it('confirms a pending subscription within seven days of its last confirmation', () => {
    expect(verifyOutcome(pending, now)).toBe('verified')
    expect(verifyOutcome({ ...pending, confirmationSentAt: ago(7 * DAY) }, now)).toBe('verified')
  })

  it('calls a link older than seven days expired, counting from creation when none was sent', () => {
    expect(verifyOutcome({ ...pending, confirmationSentAt: ago(7 * DAY + 1) }, now)).toBe('expired')
    expect(verifyOutcome({ ...pending, confirmationSentAt: null }, now)).toBe('expired')
    expect(verifyOutcome({ ...pending, confirmationSentAt: null, createdAt: ago(DAY) }, now)).toBe('verified')
  })

  it('says already verified, whatever the age', () => {
    expect(verifyOutcome({ ...pending, verified: true, confirmationSentAt: ago(90 * DAY) }, now)).toBe(
      'already_verified',
    )
  })

  it('knows no token of a cancelled subscription, nor one nobody has', () => {
    expect(verifyOutcome({ ...pending, active: false }, now)).toBe('not_found')
    expect(verifyOutcome({ ...pending, active: null }, now)).toBe('not_found')
    expect(verifyOutcome(null, now)).toBe('not_found')
  })
})
