import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'

import { isSigningSecret, newSigningSecret, signWebhook } from '@/domain/webhook-signature'

describe('webhook signatures (Standard Webhooks)', () => {
  it("are what the specification's own library verifies, and nothing else", () => {
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
    expect(() =>
      new Webhook(secret).verify(body, { ...signWebhook(secret, 'msg_42', new Date(Date.now() - 3_600_000), body) }),
    ).toThrow()
  })
})
