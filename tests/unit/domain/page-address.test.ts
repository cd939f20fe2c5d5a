import { describe, expect, it } from 'vitest'

import { incidentPageUrl, maintenancePageUrl } from '@/domain/page-address'

describe('the public page addresses', () => {
  it('builds the public page addresses', () => {
    expect(incidentPageUrl('https://status.example.com', 'abc123')).toBe('https://status.example.com/i/abc123')
    expect(maintenancePageUrl('https://status.example.com', 'abc123')).toBe('https://status.example.com/m/abc123')
  })
})
