import { describe, expect, it } from 'vitest'

import { formatDateTime, formatTime, sameDay } from '@/format/dates'

// The formatters are kept per time zone (src/format/dates.ts): each zone must still get its own.
describe('dates as the public pages show them', () => {
  const instant = '2026-03-01T23:30:00.000Z'

  it('formats in each zone asked for, one after the other', () => {
    expect(formatDateTime(instant, 'UTC')).toBe('1 Mar 2026, 23:30 UTC')
    expect(formatDateTime(instant, 'Asia/Tokyo')).toBe('2 Mar 2026, 08:30 GMT+9')
    expect(formatDateTime(instant, 'UTC')).toBe('1 Mar 2026, 23:30 UTC')
    expect(formatTime(instant, 'UTC')).toBe('23:30 UTC')
    expect(formatTime(instant, 'Asia/Tokyo')).toBe('08:30 GMT+9')
  })

  it('tells whether two instants share a calendar day in the zone', () => {
    const later = '2026-03-02T00:30:00.000Z'
    expect(sameDay(instant, later, 'UTC')).toBe(false)
    expect(sameDay(instant, later, 'Asia/Tokyo')).toBe(true)
  })

  it('refuses a zone that does not exist, every time', () => {
    expect(() => formatDateTime(instant, 'Nowhere/Else')).toThrow(RangeError)
    expect(() => formatDateTime(instant, 'Nowhere/Else')).toThrow(RangeError)
  })
})
