import { describe, expect, it } from 'vitest'

import { ACTIVE_INCIDENT_STATUSES, updatesNewestFirst } from '../../src/domain/incident-status'
import { ACTIVE_MAINTENANCE_STATUSES } from '../../src/domain/maintenance-lifecycle'
import { incidentPageUrl, maintenancePageUrl } from '../../src/domain/page-address'
import { isTimeZone, validTimeZone } from '../../src/domain/time-zone'

describe('rules shared by the read model, the pages and the messages', () => {
  it('active sets: every status but the closing ones', () => {
    expect(ACTIVE_INCIDENT_STATUSES).toEqual(['investigating', 'identified', 'monitoring'])
    expect(ACTIVE_MAINTENANCE_STATUSES).toEqual(['upcoming', 'in_progress'])
  })

  it('orders any updates (a maintenance has no status) newest first, the later element first on a tie', () => {
    const at = '2026-01-01T10:00:00.000Z'
    const ordered = updatesNewestFirst([
      { message: 'a', createdAt: at },
      { message: 'b', createdAt: '2026-01-01T09:00:00.000Z' },
      { message: 'c', createdAt: at },
    ])
    expect(ordered.map((u) => u.message)).toEqual(['c', 'a', 'b'])
  })

  it('builds the public page addresses', () => {
    expect(incidentPageUrl('https://status.example.com', 'abc123')).toBe('https://status.example.com/i/abc123')
    expect(maintenancePageUrl('https://status.example.com', 'abc123')).toBe('https://status.example.com/m/abc123')
  })

  it('accepts IANA zones and shows anything else in UTC', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(validTimeZone(' Europe/Berlin ')).toBe('Europe/Berlin')
    expect(validTimeZone('Mars/Olympus')).toBe('UTC')
    expect(validTimeZone(null)).toBe('UTC')
  })
})
