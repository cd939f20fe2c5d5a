import { describe, expect, it } from 'vitest'

import {
  hashIntegrationToken,
  looksLikeToken,
  newIntegrationToken,
  tokenFromHeader,
  webhookToken,
} from '@/domain/integration-token'

describe('integration tokens', () => {
  it('are new each time, look like tokens, and are stored as their SHA-256', () => {
    const token = newIntegrationToken()
    expect(token).toMatch(/^spi_[A-Za-z0-9_-]{43}$/)
    expect(newIntegrationToken()).not.toBe(token)
    expect(looksLikeToken(token)).toBe(true)
    expect(hashIntegrationToken(token)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashIntegrationToken(token)).toBe(hashIntegrationToken(token))
  })

  it('are refused before the database is asked when they cannot be one', () => {
    for (const value of [
      '',
      'spi_',
      'spi_short',
      `xyz_${'a'.repeat(43)}`,
      `spi_${'a'.repeat(61)}`,
      `spi_${'a'.repeat(42)}!`,
    ]) {
      expect(looksLikeToken(value), value).toBe(false)
    }
  })
})

describe('where a webhook request carries its token', () => {
  it('reads Bearer, and Basic with the token as the password (Grafana), and nothing else', () => {
    expect(tokenFromHeader('Bearer spi_x')).toBe('spi_x')
    expect(tokenFromHeader('  bearer   spi_x ')).toBe('spi_x')
    expect(tokenFromHeader(`Basic ${Buffer.from('grafana:spi_y').toString('base64')}`)).toBe('spi_y')
    expect(tokenFromHeader(`Basic ${Buffer.from('no-colon').toString('base64')}`)).toBeNull()
    expect(tokenFromHeader('Token spi_x')).toBeNull()
    expect(tokenFromHeader('Bearer')).toBeNull()
    expect(tokenFromHeader(null)).toBeNull()
  })

  it('takes the path before the header, decoded, and nothing from a path it cannot decode', () => {
    expect(webhookToken('/api/integrations/webhook/spi_path', 'Bearer spi_header')).toBe('spi_path')
    expect(webhookToken('/api/integrations/webhook/spi%5Fa', null)).toBe('spi_a')
    expect(webhookToken('/api/integrations/webhook', 'Bearer spi_header')).toBe('spi_header')
    expect(webhookToken('/api/integrations/webhook/%E0%A4%A', 'Bearer spi_header')).toBeNull()
  })
})
