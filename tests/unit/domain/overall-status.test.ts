import { describe, expect, it } from 'vitest'

import { overallHeadline, overallStatus, severity, worstStatus } from '@/domain/overall-status'
import { SERVICE_STATUSES, type ServiceStatus } from '@/domain/statuses'

// The contract: "the worst status among all services, with the severity order
// major > partial > degraded > maintenance > operational. When the operator enabled maintenance mode, the overall
// status is `maintenance`."
const WORST_FIRST: ServiceStatus[] = ['major', 'partial', 'degraded', 'maintenance', 'operational']

describe('severity', () => {
  it('orders major > partial > degraded > maintenance > operational', () => {
    for (let i = 0; i < WORST_FIRST.length - 1; i++) {
      expect(severity(WORST_FIRST[i])).toBeGreaterThan(severity(WORST_FIRST[i + 1]))
    }
  })
})

describe('worstStatus', () => {
  it('is operational for no services at all', () => {
    expect(worstStatus([])).toBe('operational')
  })

  it('is the single status of a single service', () => {
    for (const status of SERVICE_STATUSES) expect(worstStatus([status])).toBe(status)
  })

  it('picks the worse of every pair, whatever the order', () => {
    for (let i = 0; i < WORST_FIRST.length; i++) {
      for (let j = i; j < WORST_FIRST.length; j++) {
        expect(worstStatus([WORST_FIRST[i], WORST_FIRST[j]])).toBe(WORST_FIRST[i])
        expect(worstStatus([WORST_FIRST[j], WORST_FIRST[i]])).toBe(WORST_FIRST[i])
      }
    }
  })

  it('one bad service among many healthy ones decides', () => {
    const many: ServiceStatus[] = Array.from({ length: 50 }, () => 'operational')
    many[37] = 'degraded'
    expect(worstStatus(many)).toBe('degraded')
    many[3] = 'maintenance'
    expect(worstStatus(many)).toBe('degraded')
    many[49] = 'partial'
    expect(worstStatus(many)).toBe('partial')
  })

  it('maintenance is worse than operational and better than degraded', () => {
    expect(worstStatus(['operational', 'maintenance', 'operational'])).toBe('maintenance')
    expect(worstStatus(['maintenance', 'degraded'])).toBe('degraded')
  })

  it('accepts any iterable, e.g. a generator', () => {
    function* statuses(): Generator<ServiceStatus> {
      yield 'operational'
      yield 'major'
      yield 'degraded'
    }
    expect(worstStatus(statuses())).toBe('major')
  })

  it("gives a group's status as the worst of its services", () => {
    const groups: Record<string, ServiceStatus[]> = {
      core: ['operational', 'partial', 'degraded'],
      edge: ['operational', 'operational'],
      empty: [],
      mail: ['maintenance', 'operational'],
    }
    const groupStatus = Object.fromEntries(
      Object.entries(groups).map(([slug, services]) => [slug, worstStatus(services)]),
    )
    expect(groupStatus).toEqual({ core: 'partial', edge: 'operational', empty: 'operational', mail: 'maintenance' })
    // The page is the worst of all services, which is the worst of the groups.
    expect(overallStatus(Object.values(groups).flat(), false)).toBe(worstStatus(Object.values(groupStatus)))
  })
})

describe('overallStatus', () => {
  it('is the worst service status when maintenance mode is off', () => {
    expect(overallStatus([], false)).toBe('operational')
    expect(overallStatus(['operational', 'operational'], false)).toBe('operational')
    expect(overallStatus(['operational', 'degraded', 'maintenance'], false)).toBe('degraded')
    expect(overallStatus(['partial', 'major', 'operational'], false)).toBe('major')
  })

  it('is maintenance when maintenance mode is on, even over a major outage or with no services', () => {
    expect(overallStatus(['operational'], true)).toBe('maintenance')
    expect(overallStatus(['major', 'partial'], true)).toBe('maintenance')
    expect(overallStatus([], true)).toBe('maintenance')
  })
})

describe('overallHeadline', () => {
  const s = (name: string, status: ServiceStatus) => ({ name, status })
  it('names one broken service, counts several with their worst status, and keeps the page-wide words otherwise', () => {
    expect(overallHeadline([s('API', 'operational')], 'operational')).toBe('All systems operational')
    expect(overallHeadline([s('API', 'operational'), s('Payments', 'major')], 'major')).toBe('Payments: major outage')
    expect(overallHeadline([s('Web', 'maintenance')], 'maintenance')).toBe('Web: under maintenance')
    expect(
      overallHeadline([s('A', 'degraded'), s('B', 'partial'), s('C', 'degraded'), s('D', 'operational')], 'partial'),
    ).toBe('3 services: partial outage')
    // Maintenance mode: no service explains the overall status.
    expect(overallHeadline([s('A', 'major')], 'maintenance')).toBe('Maintenance in progress')
  })
})
