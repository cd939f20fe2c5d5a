import { describe, expect, it } from 'vitest'

import { ACTIVE_INCIDENT_STATUSES, updatesNewestFirst } from '@/domain/incident-status'
import { ACTIVE_MAINTENANCE_STATUSES } from '@/domain/maintenance-lifecycle'

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
})
