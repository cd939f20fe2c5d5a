import { describe, expect, it } from 'vitest'

import { DEFAULT_DISPLAY, minIncidentMsOf, uptimeDaysOf, visibleNow, withoutShortOutages } from '@/domain/page-display'

const M = 60_000

describe('withoutShortOutages', () => {
  const changes = [
    { at: 0, from: 'operational' as const, to: 'degraded' as const },
    { at: 2 * M, from: 'degraded' as const, to: 'major' as const },
    { at: 4 * M, from: 'major' as const, to: 'operational' as const },
    { at: 10 * M, from: 'operational' as const, to: 'major' as const },
    { at: 30 * M, from: 'major' as const, to: 'maintenance' as const },
  ]

  it('reads an outage shorter than the minimum, through its statuses, as the calm status before it', () => {
    const smoothed = withoutShortOutages(changes, 5 * M, 60 * M)
    expect(smoothed.map((c) => c.to)).toEqual(['operational', 'operational', 'operational', 'major', 'maintenance'])
    expect(withoutShortOutages(changes, 0, 60 * M)).toBe(changes)
  })

  it('counts an outage going on once it lasted the minimum, and one whose start is unknown always', () => {
    const open = [{ at: 0, from: 'operational' as const, to: 'major' as const }]
    expect(withoutShortOutages(open, 5 * M, 4 * M)[0].to).toBe('operational')
    expect(withoutShortOutages(open, 5 * M, 5 * M)[0].to).toBe('major')
    const unknown = [{ at: 0, from: 'major' as const, to: 'operational' as const }]
    expect(withoutShortOutages(unknown, 5 * M, M)).toEqual(unknown)
  })
})

describe('the stored choices', () => {
  it('falls back to the defaults for anything else', () => {
    expect([uptimeDaysOf('365'), uptimeDaysOf('7'), uptimeDaysOf(null)]).toEqual([365, 90, 90])
    expect([minIncidentMsOf(10), minIncidentMsOf(-1), minIncidentMsOf(99_999)]).toEqual([10 * M, 0, 1440 * M])
  })
})

describe('visibleNow', () => {
  const groups = [
    { id: 1, status: 'operational' as const, services: [{ id: 10, status: 'operational' as const }] },
    {
      id: 2,
      status: 'major' as const,
      services: [
        { id: 20, status: 'major' as const },
        { id: 21, status: 'operational' as const },
      ],
    },
  ]
  const display = { ...DEFAULT_DISPLAY, onlyWhenNotOperational: { services: new Set([10, 21]), groups: new Set([2]) } }

  it('leaves out quiet items while operational, and a group left empty by it', () => {
    expect(visibleNow(groups, display)).toEqual([{ ...groups[1], services: [groups[1].services[0]] }])
    expect(visibleNow(groups, DEFAULT_DISPLAY)).toBe(groups)
  })
})
