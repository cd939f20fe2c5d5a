import { describe, expect, it } from 'vitest'

import {
  incidentClaims,
  isStatusChange,
  statusWithout,
  type StatusChangeRow,
  type StatusHold,
} from '@/domain/service-status-change'

const t = (minutes: number) => new Date(Date.UTC(2026, 10, 23, 12, minutes))
const row = (
  minutes: number,
  fromStatus: StatusChangeRow['fromStatus'],
  toStatus: StatusChangeRow['toStatus'],
  source: StatusChangeRow['source'],
  sourceRef: string | null = null,
): StatusChangeRow => ({
  at: t(minutes),
  fromStatus,
  toStatus,
  source,
  sourceRef,
})
const A = { source: 'incident' as const, ref: 'AAAA', claimedAt: t(1) }
const B = { source: 'incident' as const, ref: 'BBBB', claimedAt: t(2) }

describe('statusWithout', () => {
  it('goes back to the status before the first hold', () => {
    const rows = [row(0, null, 'degraded', 'initial'), row(1, 'degraded', 'major', 'incident', 'AAAA')]
    expect(statusWithout(A, rows, [])).toBe('degraded')
  })

  it('lets another open hold made since the last baseline change win, the most recent first', () => {
    const rows = [
      row(0, null, 'operational', 'initial'),
      row(1, 'operational', 'major', 'incident', 'AAAA'),
      row(2, 'major', 'partial', 'incident', 'BBBB'),
    ]
    const holds: StatusHold[] = [
      { ...A, status: 'major' },
      { ...B, status: 'partial' },
    ]
    expect(statusWithout(B, rows, holds)).toBe('major')
    expect(statusWithout(A, rows, holds)).toBe('partial')
    const maintenance: StatusHold = { source: 'maintenance', ref: 'MMMM', status: 'maintenance', claimedAt: t(3) }
    expect(statusWithout(B, rows, [...holds, maintenance])).toBe('maintenance')
  })

  it('counts a hold that changed nothing (the status was already so) by its claim', () => {
    const rows = [row(0, null, 'operational', 'initial'), row(1, 'operational', 'major', 'incident', 'AAAA')]
    expect(statusWithout(A, rows, [{ ...B, status: 'major' }])).toBe('major')
    // B changed nothing itself, but it claimed the service: released with no other hold, the service goes back.
    expect(statusWithout(B, rows, [])).toBe('operational')
  })

  it('leaves a service set by hand or by a monitor after the hold changed it', () => {
    for (const source of ['manual', 'integration'] as const) {
      const rows = [
        row(0, null, 'operational', 'initial'),
        row(1, 'operational', 'major', 'incident', 'AAAA'),
        row(2, 'major', 'degraded', source),
      ]
      expect(statusWithout({ ...A, claimedAt: t(1) }, rows.slice(2), [])).toBeNull()
    }
  })

  it('a hand change overrules holds made before it, not those made after', () => {
    const rows = [row(5, 'major', 'degraded', 'manual'), row(6, 'degraded', 'partial', 'incident', 'BBBB')]
    const holdA: StatusHold = { ...A, status: 'major', claimedAt: t(1) }
    expect(statusWithout({ ...B, claimedAt: t(6) }, rows, [holdA])).toBe('degraded')
  })
})

describe('the rest', () => {
  it('a write to the same status is no change', () => {
    expect(isStatusChange('major', 'major')).toBe(false)
    expect(isStatusChange(null, 'operational')).toBe(true)
  })

  it('an incident claims, per service, what its newest update naming it says', () => {
    const claims = incidentClaims([
      { createdAt: t(2), serviceStatuses: [{ service: 1, status: 'partial' }] },
      {
        createdAt: t(1),
        serviceStatuses: [
          { service: 1, status: 'major' },
          { service: 2, status: 'degraded' },
        ],
      },
      { createdAt: t(3), serviceStatuses: [] },
    ])
    expect(claims.get(1)).toEqual({ status: 'partial', claimedAt: t(2) })
    expect(claims.get(2)).toEqual({ status: 'degraded', claimedAt: t(1) })
  })
})
