import { describe, expect, it } from 'vitest'

import { healthAfter, QUARANTINE_AFTER_MS } from '@/domain/endpoint-health'

describe('endpoint health', () => {
  const t0 = new Date('2026-01-01T00:00:00Z')
  const at = (ms: number) => new Date(t0.getTime() + ms)
  it('quarantines after 3 days of failures without a success, once, and any success clears it', () => {
    const first = healthAfter({ failingSince: null, quarantinedAt: null }, false, t0)
    expect(first).toEqual({ failingSince: t0, quarantinedAt: null, quarantinedNow: false })
    expect(healthAfter(first, false, at(QUARANTINE_AFTER_MS - 1)).quarantinedAt).toBeNull()
    const quarantined = healthAfter(first, false, at(QUARANTINE_AFTER_MS))
    expect(quarantined).toEqual({ failingSince: t0, quarantinedAt: at(QUARANTINE_AFTER_MS), quarantinedNow: true })
    expect(healthAfter(quarantined, false, at(QUARANTINE_AFTER_MS + 1)).quarantinedNow).toBe(false)
    expect(healthAfter(quarantined, true, at(QUARANTINE_AFTER_MS + 1))).toEqual({
      failingSince: null,
      quarantinedAt: null,
      quarantinedNow: false,
    })
  })
})
