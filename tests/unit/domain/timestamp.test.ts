import { describe, expect, it } from 'vitest'

import { canonicalTimestamp, isFilterInstant, writtenTimestampError } from '@/domain/timestamp'

describe('a written timestamp', () => {
  it('is an instant: a date-time with Z or ±hh:mm, a Date, or epoch milliseconds', () => {
    for (const value of [
      '2026-12-01T10:00:00Z',
      '2026-12-01T10:00:00.123Z',
      '2026-12-01T11:00:00+01:00',
      '2026-12-01T05:00:00-05:00',
      new Date(),
      1_800_000_000_000,
    ]) {
      expect(writtenTimestampError('at', value)).toBeNull()
    }
  })

  it("is refused without an offset, naming the field, because it would be read in the server's time zone", () => {
    for (const value of [
      '2026-12-01T10:00:00',
      '2026-12-01T10:00',
      '2026-12-01 10:00:00',
      '2026-12-01',
      '2026-12-01T10:00:00+0100',
    ]) {
      expect(writtenTimestampError('scheduledStartAt', value)).toMatch(
        /^scheduledStartAt must be a date-time with a time zone offset/,
      )
    }
    expect(writtenTimestampError('at', 'soon')).toMatch(/^at must be/)
    expect(writtenTimestampError('at', true)).toMatch(/^at must be a date-time/)
    expect(writtenTimestampError('at', new Date('x'))).toMatch(/valid date/)
    expect(writtenTimestampError('at', '+275760-09-13T00:00:00Z')).not.toBeNull()
  })

  it('is stored in one form: UTC with milliseconds', () => {
    expect(canonicalTimestamp('2026-12-01T11:00:00+01:00')).toBe('2026-12-01T10:00:00.000Z')
    expect(canonicalTimestamp('2026-12-01T10:00:00.5Z')).toBe('2026-12-01T10:00:00.500Z')
  })
})

describe('a filter instant', () => {
  it('also takes a date alone (midnight UTC), never a local date-time', () => {
    expect(isFilterInstant('2026-12-01')).toBe(true)
    expect(isFilterInstant('2026-12-01T10:00:00Z')).toBe(true)
    expect(isFilterInstant(1_800_000_000_000)).toBe(true)
    expect(isFilterInstant('2026-12-01T10:00:00')).toBe(false)
    expect(isFilterInstant('1800000000000')).toBe(false)
    expect(isFilterInstant('bad')).toBe(false)
  })
})
