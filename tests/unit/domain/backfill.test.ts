import { describe, expect, it } from 'vitest'

import { backfilledChanges, backfillError } from '@/domain/backfill'

const now = new Date('2026-06-01T12:00:00Z')

describe('a backfilled incident', () => {
  it('is whole: updates, each timed, none in the future, the newest resolving it', () => {
    expect(
      backfillError(
        [
          { status: 'investigating', createdAt: '2026-05-01T10:00:00Z' },
          { status: 'resolved', createdAt: '2026-05-01T11:00:00Z' },
        ],
        now,
      ),
    ).toBeNull()
    expect(backfillError([], now)).toBe('backfilled: a backfilled incident needs its updates')
    expect(backfillError([{ status: 'resolved', createdAt: null }], now)).toBe(
      'backfilled: every update of a backfilled incident needs its time (createdAt)',
    )
    expect(backfillError([{ status: 'resolved', createdAt: '2026-06-01T12:00:01Z' }], now)).toBe(
      'backfilled: the updates of a backfilled incident must lie in the past',
    )
    // The newest by time decides, not the last in the list.
    expect(
      backfillError(
        [
          { status: 'resolved', createdAt: '2026-05-01T10:00:00Z' },
          { status: 'monitoring', createdAt: '2026-05-01T11:00:00Z' },
        ],
        now,
      ),
    ).toBe('backfilled: a backfilled incident must end with a resolved update')
  })

  it('writes each update’s statuses at its time, oldest first, and ends at its resolving update', () => {
    const { changes, end, services } = backfilledChanges([
      {
        status: 'resolved',
        createdAt: '2026-05-01T12:00:00Z',
        serviceStatuses: [{ service: 9, status: 'operational' }],
      },
      {
        status: 'identified',
        createdAt: '2026-05-01T11:00:00Z',
        serviceStatuses: [{ service: 2, status: 'degraded' }],
      },
      {
        status: 'investigating',
        createdAt: '2026-05-01T10:00:00Z',
        serviceStatuses: [
          { service: 1, status: 'major' },
          { service: 2, status: 'partial' },
        ],
      },
    ])
    const t = (iso: string) => Date.parse(iso)
    expect(changes).toEqual([
      { service: 1, to: 'major', at: t('2026-05-01T10:00:00Z') },
      { service: 2, to: 'partial', at: t('2026-05-01T10:00:00Z') },
      { service: 2, to: 'degraded', at: t('2026-05-01T11:00:00Z') },
    ])
    expect(end).toBe(t('2026-05-01T12:00:00Z'))
    expect(services).toEqual([1, 2])
  })
})
