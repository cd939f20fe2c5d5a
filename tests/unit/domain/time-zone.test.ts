import { describe, expect, it } from 'vitest'

import { isTimeZone, validTimeZone } from '@/domain/time-zone'

describe('time zones', () => {
  it('accepts IANA zones and shows anything else in UTC', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(validTimeZone(' Europe/Berlin ')).toBe('Europe/Berlin')
    expect(validTimeZone('Mars/Olympus')).toBe('UTC')
    expect(validTimeZone(null)).toBe('UTC')
  })
})
