import { describe, expect, it } from 'vitest'

import { estimateChangesAt, estimateDuration } from '@/domain/duration'

const start = new Date('2026-03-01T09:00:00.000Z')
const at = (ms: number) => new Date(start.getTime() + ms)
const MINUTE = 60_000
const HOUR = 60 * MINUTE

describe('estimateChangesAt', () => {
  it.each([
    ['just begun', 0, 30_000],
    ['5 minutes in', 5 * MINUTE, 5.5 * MINUTE],
    ['at a rounding edge', 5.5 * MINUTE - 1, 5.5 * MINUTE],
    ['3 hours 20 minutes in', 3 * HOUR + 20 * MINUTE, 3 * HOUR + 20.5 * MINUTE],
    ['just under a day', 24 * HOUR - 31_000, 24 * HOUR - 30_000],
    ['1 day 4 hours in', 28 * HOUR, 28.5 * HOUR - 30_000],
  ])('%s: the first instant the phrase reads differently', (_name, elapsed, expected) => {
    const next = estimateChangesAt(start, at(elapsed))
    expect(next.getTime() - start.getTime()).toBe(expected)
    expect(estimateDuration(start, next)).not.toBe(estimateDuration(start, at(elapsed)))
    expect(estimateDuration(start, new Date(next.getTime() - 1))).toBe(estimateDuration(start, at(elapsed)))
  })
})
