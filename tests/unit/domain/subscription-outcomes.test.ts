import { describe, expect, it } from 'vitest'

import { channelRefusal, channelRefusalKind } from '@/domain/channels'
import { resendWait, subscribeMessage, verifyOutcome } from '@/domain/subscription-outcomes'

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

describe('the resend interval, as the answers name it', () => {
  it('is whole minutes, else seconds, and none at 0; the English answer names it so', () => {
    expect(resendWait(0)).toBeNull()
    expect(resendWait(1)).toEqual({ unit: 'second', count: 1 })
    expect(resendWait(90)).toEqual({ unit: 'second', count: 90 })
    expect(resendWait(60)).toEqual({ unit: 'minute', count: 1 })
    expect(resendWait(600)).toEqual({ unit: 'minute', count: 10 })
    expect(subscribeMessage('email', 1)).toContain('one confirmation every second:')
    expect(subscribeMessage('sms', 600)).toContain('one confirmation every 10 minutes:')
    expect(subscribeMessage('email', 0)).toBe(
      'Thanks! Check your inbox for an e-mail with a link to confirm your subscription.',
    )
  })
})

describe('a channel refused, by kind (for the pages) and in English (for the APIs)', () => {
  const none = { email: false, sms: false, webhook: false, slack: false, discord: false, teams: false }
  it('is none while no channel can send, else the channel, else nothing', () => {
    expect(channelRefusalKind(none, 'email')).toBe('none')
    expect(channelRefusal(none, 'email')).toMatch(/^Subscriptions are not available on this site/)
    expect(channelRefusalKind({ ...none, sms: true }, 'email')).toBe('email')
    expect(channelRefusal({ ...none, sms: true }, 'email')).toMatch(/^Subscriptions by e-mail are not available/)
    expect(channelRefusalKind({ ...none, email: true }, 'webhook')).toBe('webhook')
    expect(channelRefusalKind({ ...none, email: true, webhook: true }, 'webhook')).toBeNull()
    expect(channelRefusal({ ...none, email: true }, 'email')).toBeNull()
  })
})
