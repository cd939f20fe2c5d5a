/** Our statuses in Statuspage's vocabulary (src/domain/statuspage.ts; the table in docs/api.md "/api/v2"). */
import { describe, expect, it } from 'vitest'

import { derivedId, incidentImpact, maintenanceStatus, pageStatus } from '@/domain/statuspage'

describe('the page rollup', () => {
  it.each([
    [['operational', 'operational'], false, 'none', 'All Systems Operational'],
    [['degraded', 'operational'], false, 'minor', 'Partially Degraded Service'],
    [['degraded', 'degraded'], false, 'minor', 'Degraded System Service'],
    [['partial', 'operational'], false, 'minor', 'Minor Service Outage'],
    [['partial', 'partial'], false, 'major', 'Partial System Outage'],
    [['major', 'degraded'], false, 'major', 'Partial System Outage'],
    [['major', 'major'], false, 'critical', 'Major System Outage'],
    [['maintenance', 'operational'], false, 'maintenance', 'Service Under Maintenance'],
    [['major'], true, 'maintenance', 'Service Under Maintenance'],
    [[], false, 'none', 'All Systems Operational'],
  ] as const)('%j (maintenance mode %s) reads %s, "%s"', (statuses, mode, indicator, description) => {
    expect(pageStatus(statuses, mode)).toEqual({ indicator, description })
  })
})

describe('impact, maintenance status and ids', () => {
  it('takes the worst status an incident set as its impact, none when it set none', () => {
    expect(incidentImpact([])).toBe('none')
    expect(incidentImpact(['operational', 'maintenance'])).toBe('none')
    expect(incidentImpact(['degraded'])).toBe('minor')
    expect(incidentImpact(['partial', 'degraded'])).toBe('major')
    expect(incidentImpact(['degraded', 'major', 'operational'])).toBe('critical')
  })

  it('reads a cancelled maintenance as completed', () => {
    expect([
      maintenanceStatus('upcoming'),
      maintenanceStatus('in_progress'),
      maintenanceStatus('completed'),
      maintenanceStatus('cancelled'),
    ]).toEqual(['scheduled', 'in_progress', 'completed', 'completed'])
  })

  it('derives the same 12-character id from the same parts, another from others', () => {
    expect(derivedId('service', 7)).toMatch(/^[a-z0-9]{12}$/)
    expect(derivedId('service', 7)).toBe(derivedId('service', 7))
    expect(derivedId('service', 7)).not.toBe(derivedId('group', 7))
  })
})
