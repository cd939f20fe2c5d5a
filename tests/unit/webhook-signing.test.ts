import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'

import { healthAfter, QUARANTINE_AFTER_MS } from '../../src/domain/endpoint-health'
import { isSigningSecret, newSigningSecret, signWebhook } from '../../src/domain/webhook-signature'

describe('webhook signatures (Standard Webhooks)', () => {
  it('are what the specification\'s own library verifies, and nothing else', () => {
    const secret = newSigningSecret()
    expect(isSigningSecret(secret)).toBe(true)
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(24)
    const body = JSON.stringify({ incident: { name: 'API errors' } })
    const headers = signWebhook(secret, 'msg_42', new Date(), body)
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/)
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual({ incident: { name: 'API errors' } })
    expect(() => new Webhook(secret).verify(`${body} `, { ...headers })).toThrow()
    expect(() => new Webhook(newSigningSecret()).verify(body, { ...headers })).toThrow()
    // The library refuses a timestamp more than 5 minutes off: the header carries the time of signing.
    expect(() => new Webhook(secret).verify(body, { ...signWebhook(secret, 'msg_42', new Date(Date.now() - 3_600_000), body) })).toThrow()
  })
})

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
    expect(healthAfter(quarantined, true, at(QUARANTINE_AFTER_MS + 1))).toEqual({ failingSince: null, quarantinedAt: null, quarantinedNow: false })
  })
})
