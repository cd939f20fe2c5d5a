import { describe, expect, it } from 'vitest'

import { occurrencesAfter, rruleOf } from '@/domain/recurrence'

const iso = (dates: Date[]) => dates.map((d) => d.toISOString())

describe('occurrencesAfter', () => {
  it('takes a time in a skipped hour as the instant just after the gap (02:30 is 03:30 local)', () => {
    // Daily at 02:30 in Berlin; on 29 March 2026 the clocks go from 02:00 to 03:00.
    const first = new Date('2026-03-27T01:30:00.000Z')
    expect(iso(occurrencesAfter({ frequency: 'daily' }, first, first, 3, 'Europe/Berlin'))).toEqual([
      '2026-03-28T01:30:00.000Z', // 02:30 CET
      '2026-03-29T01:30:00.000Z', // 03:30 CEST: 02:30 did not happen
      '2026-03-30T00:30:00.000Z', // 02:30 CEST
    ])
  })

  it('takes a time the clocks pass twice as the first of the two', () => {
    // Daily at 02:30 in Berlin; on 25 October 2026 the clocks go back from 03:00 to 02:00.
    const first = new Date('2026-10-23T00:30:00.000Z')
    expect(iso(occurrencesAfter({ frequency: 'daily' }, first, first, 3, 'Europe/Berlin'))).toEqual([
      '2026-10-24T00:30:00.000Z', // 02:30 CEST
      '2026-10-25T00:30:00.000Z', // the first 02:30, still CEST
      '2026-10-26T01:30:00.000Z', // 02:30 CET
    ])
  })
})

describe('rruleOf', () => {
  it('keeps the chosen weekdays in the site zone, where the start is the next day in UTC, and UNTIL in UTC', () => {
    const first = new Date('2030-03-05T03:00:00.000Z') // Monday 4 March 21:00 CST
    const rule = { frequency: 'weekly', weekdays: ['mon', 'thu'], until: '2030-06-30T21:59:59.000Z' } as const
    expect(rruleOf(rule, first, 'America/Chicago')).toBe('FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20300630T215959Z')
  })
})
