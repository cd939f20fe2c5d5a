import { describe, expect, it } from 'vitest'

import { windowBound, windowEndsBeforeStart } from '@/domain/time-window'

describe('a time window bound', () => {
  it('reads a date as the whole day in UTC: its first millisecond as a start, its last as an end', () => {
    expect(windowBound('2026-03-01', 'start').toISOString()).toBe('2026-03-01T00:00:00.000Z')
    expect(windowBound('2026-03-01', 'end').toISOString()).toBe('2026-03-01T23:59:59.999Z')
  })

  it('reads a date-time with its offset, whichever edge it is', () => {
    expect(windowBound('2026-03-01T10:00:00+02:00', 'start').toISOString()).toBe('2026-03-01T08:00:00.000Z')
    expect(windowBound('2026-03-01T10:00:00+02:00', 'end').toISOString()).toBe('2026-03-01T08:00:00.000Z')
  })
})

describe('a window that ends before it starts', () => {
  it('is one whose end lies before its start, bounds read as the filter reads them', () => {
    expect(windowEndsBeforeStart('2026-03-02', '2026-03-01')).toBe(true)
    expect(windowEndsBeforeStart('2026-03-01T12:00:00Z', '2026-03-01T11:59:59Z')).toBe(true)
    // The same day as both bounds is that whole day, not an empty window.
    expect(windowEndsBeforeStart('2026-03-01', '2026-03-01')).toBe(false)
    // A date-only end covers its whole day, so a start later that day is still inside it.
    expect(windowEndsBeforeStart('2026-03-01T18:00:00Z', '2026-03-01')).toBe(false)
  })

  it('is never one with a bound missing', () => {
    expect(windowEndsBeforeStart(undefined, '2000-01-01')).toBe(false)
    expect(windowEndsBeforeStart('2100-01-01', undefined)).toBe(false)
    expect(windowEndsBeforeStart(undefined, undefined)).toBe(false)
  })
})
