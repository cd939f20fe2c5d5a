import { describe, expect, it } from 'vitest'

import { isTransitionDue, TRANSITION_BOUNDARIES } from '@/domain/maintenance-schedule'

const start = new Date('2026-05-01T10:00:00Z')
const end = new Date('2026-05-01T12:00:00Z')
const at = (iso: string) => new Date(iso)

describe('a maintenance the clock has moved on', () => {
  it('is due when the status the clock gives differs from the stored one', () => {
    expect(
      isTransitionDue({ scheduledStartAt: start, scheduledEndAt: end, status: 'upcoming' }, at('2026-05-01T09:59:59Z')),
    ).toBe(false)
    expect(isTransitionDue({ scheduledStartAt: start, scheduledEndAt: end, status: 'upcoming' }, start)).toBe(true)
    expect(
      isTransitionDue(
        { scheduledStartAt: start, scheduledEndAt: end, status: 'in_progress' },
        at('2026-05-01T11:00:00Z'),
      ),
    ).toBe(false)
    expect(isTransitionDue({ scheduledStartAt: start, scheduledEndAt: end, status: 'in_progress' }, end)).toBe(true)
    expect(
      isTransitionDue({ scheduledStartAt: start, scheduledEndAt: end, status: null }, at('2026-05-01T09:00:00Z')),
    ).toBe(true)
  })

  it('is never due once completed or cancelled, nor at an open end', () => {
    expect(
      isTransitionDue(
        { scheduledStartAt: start, scheduledEndAt: end, status: 'completed' },
        at('2026-05-01T11:00:00Z'),
      ),
    ).toBe(false)
    expect(
      isTransitionDue(
        { scheduledStartAt: start, scheduledEndAt: end, status: 'cancelled' },
        at('2026-04-01T00:00:00Z'),
      ),
    ).toBe(false)
    expect(
      isTransitionDue(
        { scheduledStartAt: start, scheduledEndAt: null, status: 'in_progress' },
        at('2030-01-01T00:00:00Z'),
      ),
    ).toBe(false)
  })

  it('is found by the boundary of its stored status: the start of an upcoming one, the end of one in progress', () => {
    expect(TRANSITION_BOUNDARIES).toEqual([
      { status: 'upcoming', boundary: 'scheduledStartAt' },
      { status: 'in_progress', boundary: 'scheduledEndAt' },
    ])
  })
})
