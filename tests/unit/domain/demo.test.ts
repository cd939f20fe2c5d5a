import { describe, expect, it } from 'vitest'

import { formatCountdown, parseCountdown, parseResetInterval, startupResetDue } from '@/domain/demo'

describe('the demo reset interval', () => {
  it('defaults to 60 minutes and takes whole minutes', () => {
    expect(parseResetInterval(undefined)).toEqual({ value: 60 })
    expect(parseResetInterval('')).toEqual({ value: 60 })
    expect(parseResetInterval(' 15 ')).toEqual({ value: 15 })
    expect(parseResetInterval('10080')).toEqual({ value: 10080 })
  })

  it('falls back to 60 with a warning for anything else', () => {
    for (const raw of ['0', '-5', '1.5', 'soon', '10081', 'Infinity']) {
      const parsed = parseResetInterval(raw)
      expect(parsed.value).toBe(60)
      expect(parsed.warning).toContain(`"${raw}"`)
    }
  })
})

describe('the countdown', () => {
  it('reads as minutes and seconds, seconds padded, never negative', () => {
    expect(formatCountdown(12 * 60_000 + 5_000)).toBe('12m 05s')
    expect(formatCountdown(59_000)).toBe('0m 59s')
    expect(formatCountdown(90 * 60_000)).toBe('90m 00s')
    expect(formatCountdown(1)).toBe('0m 01s') // a part of a second left is a second left
    expect(formatCountdown(-3000)).toBe('0m 00s')
  })

  it('reads back into milliseconds', () => {
    expect(parseCountdown('12m 05s')).toBe(725_000)
    expect(parseCountdown(formatCountdown(90 * 60_000))).toBe(90 * 60_000)
    expect(parseCountdown('soon')).toBeNull()
  })
})

describe('a reset at start', () => {
  it('is due unless another instance reset within the last minute', () => {
    const now = new Date('2026-11-23T10:00:00Z')
    expect(startupResetDue(null, now)).toBe(true)
    expect(startupResetDue(new Date('2026-11-23T09:58:00Z'), now)).toBe(true)
    expect(startupResetDue(new Date('2026-11-23T09:59:30Z'), now)).toBe(false)
  })
})
