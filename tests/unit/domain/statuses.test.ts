import { describe, expect, it } from 'vitest'

import {
  INCIDENT_STATUSES,
  INCIDENT_STATUS_LABELS,
  MAINTENANCE_STATUSES,
  MAINTENANCE_STATUS_LABELS,
  SERVICE_STATUSES,
  SERVICE_STATUS_LABELS,
  SUBSCRIBER_TYPES,
  USER_ROLES,
  isOneOf,
} from '@/domain/statuses'

// The value sets as the contract lists them (Resources, States and transitions, Authentication).
const sorted = (values: readonly string[]) => [...values].sort()

describe('status vocabularies', () => {
  it('service statuses are exactly the five of the contract, ordered best to worst', () => {
    expect(sorted(SERVICE_STATUSES)).toEqual(sorted(['operational', 'degraded', 'partial', 'major', 'maintenance']))
    // Severity order of the overall status rule: major > partial > degraded > maintenance > operational.
    expect([...SERVICE_STATUSES].reverse()).toEqual(['major', 'partial', 'degraded', 'maintenance', 'operational'])
  })

  it('incident statuses are investigating, identified, monitoring, resolved', () => {
    expect(sorted(INCIDENT_STATUSES)).toEqual(sorted(['investigating', 'identified', 'monitoring', 'resolved']))
  })

  it('maintenance statuses are upcoming, in_progress, completed, cancelled', () => {
    expect(sorted(MAINTENANCE_STATUSES)).toEqual(sorted(['upcoming', 'in_progress', 'completed', 'cancelled']))
  })

  it('subscriber types are email, sms, webhook and the chat services, and the roles editor and admin', () => {
    expect(sorted(SUBSCRIBER_TYPES)).toEqual(sorted(['email', 'sms', 'webhook', 'slack', 'discord', 'teams']))
    expect(sorted(USER_ROLES)).toEqual(sorted(['editor', 'admin']))
  })

  it('every value has a non-empty label and no label exists for an unknown value', () => {
    for (const [values, labels] of [
      [SERVICE_STATUSES, SERVICE_STATUS_LABELS],
      [INCIDENT_STATUSES, INCIDENT_STATUS_LABELS],
      [MAINTENANCE_STATUSES, MAINTENANCE_STATUS_LABELS],
    ] as const) {
      expect(sorted(Object.keys(labels))).toEqual(sorted(values))
      for (const label of Object.values(labels)) expect(label.trim()).not.toBe('')
    }
  })
})

describe('isOneOf', () => {
  it('accepts members only, case-sensitively, and only strings', () => {
    expect(isOneOf(SERVICE_STATUSES, 'major')).toBe(true)
    expect(isOneOf(SERVICE_STATUSES, 'Major')).toBe(false)
    expect(isOneOf(SERVICE_STATUSES, 'resolved')).toBe(false)
    expect(isOneOf(SERVICE_STATUSES, '')).toBe(false)
    expect(isOneOf(SERVICE_STATUSES, undefined)).toBe(false)
    expect(isOneOf(SERVICE_STATUSES, null)).toBe(false)
    expect(isOneOf(SERVICE_STATUSES, 3)).toBe(false)
    expect(isOneOf(SERVICE_STATUSES, ['major'])).toBe(false)
    expect(isOneOf(MAINTENANCE_STATUSES, 'in_progress')).toBe(true)
    expect(isOneOf(MAINTENANCE_STATUSES, 'in-progress')).toBe(false)
  })
})
