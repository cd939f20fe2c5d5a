import { describe, expect, it } from 'vitest'

import {
  deriveMaintenanceState,
  isFinalMaintenanceStatus,
  maintenanceStatusChangeError,
  maintenanceWindowError,
  nextTransitionAt,
  statusByTime,
  type MaintenanceStateInput,
} from '@/domain/maintenance-lifecycle'
import { MAINTENANCE_STATUSES, type MaintenanceStatus } from '@/domain/statuses'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const start = new Date('2026-06-01T10:00:00.000Z')
const end = new Date('2026-06-01T12:00:00.000Z')
const at = (offset: number) => new Date(start.getTime() + offset)
const window = { scheduledStartAt: start, scheduledEndAt: end }
const openWindow = { scheduledStartAt: start, scheduledEndAt: null }

const derive = (overrides: Partial<MaintenanceStateInput>) =>
  deriveMaintenanceState({ ...window, requestedStatus: undefined, previous: null, now: at(-HOUR), ...overrides })

describe('isFinalMaintenanceStatus', () => {
  it('completed and cancelled are final; upcoming, in_progress and nothing are not', () => {
    expect(MAINTENANCE_STATUSES.filter((s) => isFinalMaintenanceStatus(s)).sort()).toEqual(['cancelled', 'completed'])
    expect(isFinalMaintenanceStatus(null)).toBe(false)
    expect(isFinalMaintenanceStatus(undefined)).toBe(false)
  })
})

describe('statusByTime', () => {
  it('is upcoming before the start', () => {
    expect(statusByTime(window, at(-HOUR))).toBe('upcoming')
    expect(statusByTime(window, at(-1))).toBe('upcoming')
  })

  it('is in_progress from the start until the end', () => {
    expect(statusByTime(window, start)).toBe('in_progress')
    expect(statusByTime(window, at(HOUR))).toBe('in_progress')
    expect(statusByTime(window, at(2 * HOUR - 1))).toBe('in_progress')
  })

  it('is completed from the end on', () => {
    expect(statusByTime(window, end)).toBe('completed')
    expect(statusByTime(window, at(30 * 24 * HOUR))).toBe('completed')
  })

  it('never completes an open-ended maintenance by time', () => {
    expect(statusByTime(openWindow, at(-1))).toBe('upcoming')
    expect(statusByTime(openWindow, start)).toBe('in_progress')
    expect(statusByTime(openWindow, at(10 * 365 * 24 * HOUR))).toBe('in_progress')
  })
})

describe('deriveMaintenanceState: status', () => {
  it('follows the clock when nothing final was asked for', () => {
    expect(derive({ now: at(-HOUR) }).status).toBe('upcoming')
    expect(derive({ now: at(HOUR) }).status).toBe('in_progress')
    expect(derive({ now: at(3 * HOUR) }).status).toBe('completed')
  })

  it('ignores a requested upcoming or in_progress that the clock contradicts', () => {
    expect(derive({ requestedStatus: 'in_progress', now: at(-HOUR) }).status).toBe('upcoming')
    expect(derive({ requestedStatus: 'upcoming', now: at(HOUR) }).status).toBe('in_progress')
    expect(derive({ requestedStatus: 'upcoming', now: at(3 * HOUR) }).status).toBe('completed')
  })

  it('keeps cancelled at any time, even before the start or after the end', () => {
    for (const now of [at(-HOUR), at(HOUR), at(3 * HOUR)])
      expect(derive({ requestedStatus: 'cancelled', now }).status).toBe('cancelled')
  })

  it('keeps completed even before the window ends (finished early) or before it starts', () => {
    for (const now of [at(-HOUR), at(HOUR), at(3 * HOUR)])
      expect(derive({ requestedStatus: 'completed', now }).status).toBe('completed')
  })

  it('an open-ended maintenance stays in progress until the operator completes it', () => {
    const later = at(1000 * HOUR)
    expect(derive({ ...openWindow, now: later })).toEqual({
      status: 'in_progress',
      completedAt: null,
      cancelledAt: null,
      completedBy: null,
    })
    expect(derive({ ...openWindow, requestedStatus: 'completed', now: later })).toEqual({
      status: 'completed',
      completedAt: later.toISOString(),
      cancelledAt: null,
      completedBy: 'operator',
    })
  })
})

describe('deriveMaintenanceState: completedAt and cancelledAt', () => {
  it('are null while upcoming or in progress', () => {
    expect(derive({ now: at(-HOUR) })).toEqual({
      status: 'upcoming',
      completedAt: null,
      cancelledAt: null,
      completedBy: null,
    })
    expect(derive({ now: at(HOUR) })).toEqual({
      status: 'in_progress',
      completedAt: null,
      cancelledAt: null,
      completedBy: null,
    })
  })

  it('stamps cancelledAt with the moment of cancelling, and only cancelledAt', () => {
    const now = at(-HOUR)
    expect(derive({ requestedStatus: 'cancelled', now })).toEqual({
      status: 'cancelled',
      completedAt: null,
      cancelledAt: now.toISOString(),
      completedBy: null,
    })
  })

  it('stamps completedAt with the moment an operator completes it', () => {
    const now = at(HOUR)
    expect(derive({ requestedStatus: 'completed', now })).toEqual({
      status: 'completed',
      completedAt: now.toISOString(),
      cancelledAt: null,
      completedBy: 'operator',
    })
  })

  it('stamps a maintenance completed by the clock with the end of its window, not the time of the save', () => {
    expect(derive({ now: at(5 * HOUR) })).toEqual({
      status: 'completed',
      completedAt: end.toISOString(),
      cancelledAt: null,
      completedBy: 'schedule',
    })
  })

  it('keeps the stamp of a maintenance that was already completed or cancelled', () => {
    const earlier = '2026-06-01T11:00:00.000Z'
    expect(
      derive({
        requestedStatus: 'completed',
        previous: { status: 'completed', completedAt: earlier, cancelledAt: null },
        now: at(10 * HOUR),
      }),
    ).toEqual({ status: 'completed', completedAt: earlier, cancelledAt: null, completedBy: 'operator' })
    expect(
      derive({
        requestedStatus: 'cancelled',
        previous: { status: 'cancelled', completedAt: null, cancelledAt: earlier },
        now: at(10 * HOUR),
      }),
    ).toEqual({ status: 'cancelled', completedAt: null, cancelledAt: earlier, completedBy: null })
  })

  it('stamps afresh when the previous record had the status but no stamp', () => {
    const now = at(HOUR)
    expect(
      derive({ requestedStatus: 'cancelled', previous: { status: 'cancelled', cancelledAt: null }, now }).cancelledAt,
    ).toBe(now.toISOString())
  })

  it('clears stale stamps when the maintenance is not completed or cancelled', () => {
    const stale = {
      status: 'in_progress' as MaintenanceStatus,
      completedAt: '2026-05-01T00:00:00.000Z',
      cancelledAt: '2026-05-01T00:00:00.000Z',
    }
    expect(derive({ requestedStatus: 'in_progress', previous: stale, now: at(HOUR) })).toEqual({
      status: 'in_progress',
      completedAt: null,
      cancelledAt: null,
      completedBy: null,
    })
  })

  it('does not carry a stamp over from a different previous status', () => {
    // Previously upcoming with a leftover completedAt: completing now stamps now, not the leftover.
    const now = at(HOUR)
    const previous = {
      status: 'upcoming' as MaintenanceStatus,
      completedAt: '2026-05-01T00:00:00.000Z',
      cancelledAt: null,
    }
    expect(derive({ requestedStatus: 'completed', previous, now }).completedAt).toBe(now.toISOString())
  })

  it('produces ISO 8601 UTC timestamps with milliseconds', () => {
    const state = derive({ requestedStatus: 'cancelled', now: new Date(Date.UTC(2026, 5, 1, 9, 0, 0, 7)) })
    expect(state.cancelledAt).toBe('2026-06-01T09:00:00.007Z')
  })
})

describe('maintenanceStatusChangeError', () => {
  const operator = (status: MaintenanceStatus) => ({
    status,
    completedBy: status === 'completed' ? ('operator' as const) : null,
  })

  it("refuses to move an operator's completed or cancelled maintenance to any other status", () => {
    for (const from of ['completed', 'cancelled'] as const) {
      for (const to of MAINTENANCE_STATUSES.filter((s) => s !== from)) {
        const error = maintenanceStatusChangeError(operator(from), to)
        expect(error).toMatch(new RegExp(`${from}.*${to}`))
      }
    }
    // Completed before anyone recorded who completed it: the operator's, to be safe.
    expect(maintenanceStatusChangeError({ status: 'completed' }, 'in_progress')).toMatch(/final/)
  })

  it('lets a maintenance the clock completed follow its window, but not be cancelled afterwards', () => {
    const clock = { status: 'completed' as const, completedBy: 'schedule' as const }
    expect(maintenanceStatusChangeError(clock, 'in_progress')).toBeNull()
    expect(maintenanceStatusChangeError(clock, 'upcoming')).toBeNull()
    expect(maintenanceStatusChangeError(clock, 'completed')).toBeNull()
    expect(maintenanceStatusChangeError(clock, 'cancelled')).toMatch(/final/)
  })

  it('allows keeping a final status, or a write that does not touch the status', () => {
    expect(maintenanceStatusChangeError(operator('completed'), 'completed')).toBeNull()
    expect(maintenanceStatusChangeError(operator('cancelled'), 'cancelled')).toBeNull()
    expect(maintenanceStatusChangeError(operator('cancelled'), undefined)).toBeNull()
    expect(maintenanceStatusChangeError(operator('completed'), null)).toBeNull()
  })

  it('allows every change from a status that is not final, and any status on create', () => {
    for (const from of [operator('upcoming'), operator('in_progress'), null, undefined]) {
      for (const to of MAINTENANCE_STATUSES) expect(maintenanceStatusChangeError(from, to)).toBeNull()
    }
  })
})

describe('deriveMaintenanceState: who completed it', () => {
  const clockCompleted = {
    status: 'completed' as const,
    completedAt: end.toISOString(),
    cancelledAt: null,
    completedBy: 'schedule' as const,
  }

  it('a clock-completed maintenance whose end moves into the future is in progress again, its stamp cleared', () => {
    const now = at(2 * HOUR + 5 * MINUTE)
    const extended = { scheduledEndAt: at(3 * HOUR) }
    // A write without status carries the stored `completed` back: that is the clock's word, not a decision.
    for (const requestedStatus of ['completed', undefined, 'in_progress'] as const) {
      expect(derive({ ...extended, requestedStatus, previous: clockCompleted, now })).toEqual({
        status: 'in_progress',
        completedAt: null,
        cancelledAt: null,
        completedBy: null,
      })
    }
    expect(
      derive({
        scheduledStartAt: at(HOUR),
        scheduledEndAt: at(3 * HOUR),
        requestedStatus: 'completed',
        previous: clockCompleted,
        now: at(30 * MINUTE),
      }).status,
    ).toBe('upcoming')
  })

  it('a clock-completed maintenance whose end moves within the past stays completed, stamped with the new end', () => {
    expect(
      derive({ scheduledEndAt: at(HOUR), requestedStatus: 'completed', previous: clockCompleted, now: at(5 * HOUR) }),
    ).toEqual({
      status: 'completed',
      completedAt: at(HOUR).toISOString(),
      cancelledAt: null,
      completedBy: 'schedule',
    })
  })

  it("an operator's completion stays, whatever the window says", () => {
    const byHand = { ...clockCompleted, completedAt: at(HOUR).toISOString(), completedBy: 'operator' as const }
    expect(
      derive({ scheduledEndAt: at(10 * HOUR), requestedStatus: 'completed', previous: byHand, now: at(2 * HOUR) }),
    ).toEqual(byHand)
  })
})

describe('maintenanceWindowError', () => {
  it('accepts a window that ends after it starts, and an open end', () => {
    expect(maintenanceWindowError(window)).toBeNull()
    expect(maintenanceWindowError({ scheduledStartAt: start, scheduledEndAt: at(1) })).toBeNull()
    expect(maintenanceWindowError(openWindow)).toBeNull()
  })

  it('refuses an end before the start', () => {
    expect(maintenanceWindowError({ scheduledStartAt: end, scheduledEndAt: start })).toMatch(/scheduledEndAt/)
    expect(maintenanceWindowError({ scheduledStartAt: start, scheduledEndAt: at(-1) })).toMatch(/scheduledEndAt/)
  })

  it('refuses an empty window (end equal to start)', () => {
    expect(maintenanceWindowError({ scheduledStartAt: start, scheduledEndAt: start })).toMatch(/scheduledEndAt/)
  })

  it('refuses invalid dates, naming the field', () => {
    expect(maintenanceWindowError({ scheduledStartAt: new Date('nonsense'), scheduledEndAt: end })).toMatch(
      /scheduledStartAt/,
    )
    expect(maintenanceWindowError({ scheduledStartAt: start, scheduledEndAt: new Date('nonsense') })).toMatch(
      /scheduledEndAt/,
    )
  })
})

describe('nextTransitionAt', () => {
  const m = (offsetStart: number, offsetEnd: number | null, status: MaintenanceStatus) => ({
    scheduledStartAt: at(offsetStart),
    scheduledEndAt: offsetEnd === null ? null : at(offsetEnd),
    status,
  })

  it('is null with no maintenances', () => {
    expect(nextTransitionAt([], start)).toBeNull()
  })

  it('is the start of an upcoming maintenance', () => {
    expect(nextTransitionAt([m(HOUR, 2 * HOUR, 'upcoming')], start)).toEqual(at(HOUR))
  })

  it('is the end of one in progress', () => {
    expect(nextTransitionAt([m(-HOUR, HOUR, 'in_progress')], start)).toEqual(at(HOUR))
  })

  it('is the earliest future instant over all maintenances', () => {
    const list = [m(5 * HOUR, 6 * HOUR, 'upcoming'), m(-HOUR, 3 * HOUR, 'in_progress'), m(2 * HOUR, null, 'upcoming')]
    expect(nextTransitionAt(list, start)).toEqual(at(2 * HOUR))
  })

  it('ignores completed and cancelled maintenances, whose status the clock no longer moves', () => {
    expect(nextTransitionAt([m(HOUR, 2 * HOUR, 'cancelled'), m(-HOUR, HOUR, 'completed')], start)).toBeNull()
    expect(nextTransitionAt([m(HOUR, 2 * HOUR, 'cancelled'), m(3 * HOUR, 4 * HOUR, 'upcoming')], start)).toEqual(
      at(3 * HOUR),
    )
  })

  it('is null for an open-ended maintenance in progress, which no time completes', () => {
    expect(nextTransitionAt([m(-HOUR, null, 'in_progress')], start)).toBeNull()
  })

  it('does not return an instant that is now or past', () => {
    expect(nextTransitionAt([m(0, HOUR, 'in_progress')], start)).toEqual(at(HOUR))
    expect(nextTransitionAt([m(-2 * HOUR, 0, 'in_progress')], start)).toBeNull()
  })

  it('agrees with statusByTime: the status changes at the instant returned and not before', () => {
    const list = [m(HOUR, 3 * HOUR, 'upcoming'), m(-HOUR, 2 * HOUR, 'in_progress')]
    let now = start
    const seen: string[] = []
    for (let next = nextTransitionAt(list, now); next; next = nextTransitionAt(list, now)) {
      const before = list.map((x) => statusByTime(x, new Date(next!.getTime() - 1)))
      const after = list.map((x) => statusByTime(x, next!))
      expect(after).not.toEqual(before)
      seen.push(after.join(','))
      now = next
    }
    expect(seen).toEqual(['in_progress,in_progress', 'in_progress,completed', 'completed,completed'])
  })
})
