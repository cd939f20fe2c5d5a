import { describe, expect, it } from 'vitest'

import { countdownChangesAt, displayDuration, durationToStore, estimateDuration } from '@/domain/duration'

// The contract: a maintenance's `duration` is "a human-readable estimate" of its window; the examples are
// "30 minutes", "2 hours" and "1 day 4 hours". scheduledEndAt null "means open end".
const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const start = new Date('2026-06-01T10:00:00.000Z')
const lasting = (ms: number) => estimateDuration(start, new Date(start.getTime() + ms))

describe('estimateDuration', () => {
  it.each([
    [30 * MINUTE, '30 minutes'],
    [2 * HOUR, '2 hours'],
    [DAY + 4 * HOUR, '1 day 4 hours'],
  ])('writes %i ms as the contract example %s', (ms, text) => {
    expect(lasting(ms)).toBe(text)
  })

  it.each([
    [MINUTE, '1 minute'],
    [HOUR, '1 hour'],
    [DAY, '1 day'],
    [DAY + HOUR, '1 day 1 hour'],
    [HOUR + MINUTE, '1 hour 1 minute'],
    [2 * DAY, '2 days'],
    [3 * DAY + 2 * HOUR, '3 days 2 hours'],
    [HOUR + 30 * MINUTE, '1 hour 30 minutes'],
    [23 * HOUR + 59 * MINUTE, '23 hours 59 minutes'],
    [45 * MINUTE, '45 minutes'],
    [14 * DAY, '14 days'],
  ])('uses singular and plural forms: %i ms is %s', (ms, text) => {
    expect(lasting(ms)).toBe(text)
  })

  it('has no length for an open end', () => {
    expect(estimateDuration(start, null)).toBeNull()
  })

  it('rounds to the nearest minute under a day', () => {
    expect(lasting(30 * MINUTE + 29 * SECOND)).toBe('30 minutes')
    expect(lasting(30 * MINUTE + 30 * SECOND)).toBe('31 minutes')
    expect(lasting(2 * HOUR - 20 * SECOND)).toBe('2 hours')
    expect(lasting(2 * HOUR + 20 * SECOND)).toBe('2 hours')
    // Two writes milliseconds apart ("now + 1h", "now + 2h") still read as a round figure.
    expect(lasting(HOUR - 3)).toBe('1 hour')
  })

  it('rounds to the nearest hour from a day on, instead of cutting the rest off', () => {
    expect(lasting(DAY + 4 * HOUR + 3 * MINUTE)).toBe('1 day 4 hours')
    expect(lasting(DAY + 4 * HOUR + 29 * MINUTE)).toBe('1 day 4 hours')
    expect(lasting(DAY + 4 * HOUR + 50 * MINUTE)).toBe('1 day 5 hours')
    expect(lasting(DAY + 30 * MINUTE)).toBe('1 day 1 hour')
    expect(lasting(DAY + 23 * HOUR + 45 * MINUTE)).toBe('2 days')
    expect(lasting(24 * HOUR - 10 * SECOND)).toBe('1 day')
  })

  it('never shows more than two units, nor minutes beside days', () => {
    for (let ms = MINUTE; ms < 3 * DAY; ms += 7 * MINUTE + 13 * SECOND) {
      const text = lasting(ms)!
      expect(text.match(/\d+/g)!.length).toBeLessThanOrEqual(2)
      if (/day/.test(text)) expect(text).not.toMatch(/minute/)
    }
  })

  it('says "less than a minute" for a window that rounds to nothing', () => {
    expect(lasting(0)).toBe('less than a minute')
    expect(lasting(29 * SECOND)).toBe('less than a minute')
    expect(lasting(30 * SECOND)).toBe('1 minute')
  })

  it('never produces a negative or empty text for an inverted or invalid window', () => {
    expect(lasting(-HOUR)).toBe('less than a minute')
    expect(estimateDuration(start, new Date('nonsense'))).toBeNull()
    expect(estimateDuration(new Date('nonsense'), start)).toBeNull()
  })
})

describe('displayDuration', () => {
  const end = new Date(start.getTime() + 2 * HOUR)

  it("shows the operator's text, trimmed", () => {
    expect(displayDuration('  about an hour ', start, end)).toBe('about an hour')
  })

  it('falls back to the estimate when the text is missing or blank', () => {
    for (const stored of [null, undefined, '', '   ']) expect(displayDuration(stored, start, end)).toBe('2 hours')
  })

  it('is always a string, also for an open end (the public field is not nullable)', () => {
    const text = displayDuration(null, start, null)
    expect(typeof text).toBe('string')
    expect(text).toBe('until further notice')
    expect(displayDuration('a week or so', start, null)).toBe('a week or so')
  })
})

describe('durationToStore', () => {
  const end = new Date(start.getTime() + 2 * HOUR)

  it("keeps the operator's text", () => {
    expect(durationToStore({ written: 'about an hour', scheduledStartAt: start, scheduledEndAt: end })).toBe(
      'about an hour',
    )
  })

  it('stores the estimate when nothing was written, and null for an open end', () => {
    expect(durationToStore({ written: '', scheduledStartAt: start, scheduledEndAt: end })).toBe('2 hours')
    expect(durationToStore({ written: undefined, scheduledStartAt: start, scheduledEndAt: end })).toBe('2 hours')
    expect(durationToStore({ written: null, scheduledStartAt: start, scheduledEndAt: null })).toBeNull()
  })

  it('lets a stored estimate follow a moved window, but keeps real operator text when the window moves', () => {
    const previous = { scheduledStartAt: start, scheduledEndAt: end }
    const longer = new Date(start.getTime() + 3 * HOUR + 30 * MINUTE)
    expect(durationToStore({ written: '2 hours', scheduledStartAt: start, scheduledEndAt: longer, previous })).toBe(
      '3 hours 30 minutes',
    )
    expect(
      durationToStore({ written: 'about an hour', scheduledStartAt: start, scheduledEndAt: longer, previous }),
    ).toBe('about an hour')
  })
})

describe('countdownChangesAt', () => {
  it('is the first instant at which "starts in …" reads differently', () => {
    const start = new Date('2026-11-26T12:12:00.000Z')
    const now = new Date('2026-11-26T12:10:00.000Z')
    const at = countdownChangesAt(start, now)
    expect(estimateDuration(now, start)).toBe('2 minutes')
    expect(estimateDuration(new Date(at.getTime() - 1000), start)).toBe('2 minutes')
    expect(estimateDuration(at, start)).not.toBe('2 minutes')
    expect(countdownChangesAt(start, start).getTime()).toBe(start.getTime() + 60_000)
  })
})
