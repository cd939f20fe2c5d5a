import { describe, expect, it } from 'vitest'

import { normaliseEndpoint, parseSubscribeRequest, parseTokenRequest } from '@/domain/subscription-request'

describe('what /api/subscribe accepts', () => {
  it('normalises an e-mail address and a phone number written with spaces', () => {
    expect(parseSubscribeRequest({ type: 'email', email: ' Me@Example.COM ' })).toEqual({
      ok: true,
      value: { type: 'email', email: 'me@example.com', services: [] },
    })
    expect(parseSubscribeRequest({ type: 'sms', phone: '+49 170 123-4567', services: ['api', 'api'] })).toEqual({
      ok: true,
      value: { type: 'sms', phone: '+491701234567', services: ['api'] },
    })
  })

  it('says what is wrong', () => {
    const message = (body: unknown) => {
      const parsed = parseSubscribeRequest(body)
      return parsed.ok ? null : parsed.message
    }
    expect(message(null)).toMatch(/JSON object/)
    expect(message({})).toBe('type is required: email, sms or webhook')
    expect(message({ type: 'fax' })).toBe('type must be email, sms or webhook')
    expect(message({ type: 'email', email: 42 })).toBe('email must be a string')
    expect(message({ type: 'email', email: 'a@b' })).toBe('email must be a valid e-mail address')
    expect(message({ type: 'sms', phone: '12345' })).toMatch(/E\.164/)
    expect(message({ type: 'email', email: 'a@example.com', services: [1] })).toMatch(/services must be/)
    expect(message({ type: 'email', email: 'a@example.com', services: Array(101).fill('x') })).toMatch(/at most 100/)
  })

  it('names what is wrong by kind too, for the subscribe form to say in its reader’s language', () => {
    const problem = (body: unknown) => {
      const parsed = parseSubscribeRequest(body)
      return parsed.ok ? null : (parsed.problem ?? null)
    }
    expect(problem({ type: 'email' })).toEqual({ kind: 'email-required' })
    expect(problem({ type: 'email', email: 'a@b' })).toEqual({ kind: 'email-invalid' })
    expect(problem({ type: 'sms' })).toEqual({ kind: 'phone-required' })
    expect(problem({ type: 'sms', phone: '0170 123' })).toEqual({ kind: 'phone-invalid', example: '+14155550123' })
    expect(problem({ type: 'email', email: 'a@example.com', services: [1] })).toEqual({ kind: 'services', max: 100 })
    // What the form never sends has a message only.
    expect(problem({ type: 'fax' })).toBeNull()
  })

  it('takes a token as a non-empty string of reasonable length', () => {
    expect(parseTokenRequest({ token: 'abc' })).toEqual({ ok: true, value: 'abc' })
    expect(parseTokenRequest({})).toEqual({ ok: false, message: 'token is required' })
    expect(parseTokenRequest({ token: 'x'.repeat(201) }).ok).toBe(false)
    expect(parseTokenRequest('abc').ok).toBe(false)
  })
})

describe('one endpoint, one spelling', () => {
  it('drops the fragment, an empty query, the default port and a trailing dot, and lower-cases the host', () => {
    for (const spelling of [
      'https://victim.example.com/hook',
      'https://victim.example.com/hook#1',
      'https://VICTIM.Example.com/hook#3',
      'https://victim.example.com:443/hook#4',
      'https://victim.example.com/hook?',
      'https://victim.example.com./hook',
      ' https://victim.example.com/hook?# ',
    ])
      expect(normaliseEndpoint(spelling), spelling).toBe('https://victim.example.com/hook')
    expect(normaliseEndpoint('http://hooks.example.com:80/x')).toBe('http://hooks.example.com/x')
  })

  it('keeps what names another endpoint: the path, its case, a query, another port', () => {
    for (const url of [
      'https://victim.example.com/Hook',
      'https://victim.example.com/hook?a=1',
      'https://victim.example.com:8443/hook',
      'http://victim.example.com:443/hook',
    ])
      expect(normaliseEndpoint(url)).toBe(url)
    expect(normaliseEndpoint('not a url')).toBe('not a url')
  })

  it('is what /api/subscribe stores for a webhook', () => {
    expect(
      parseSubscribeRequest({
        type: 'webhook',
        url: 'https://Victim.example.com.:443/hook?#x',
        email: 'a@example.com',
      }),
    ).toMatchObject({ ok: true, value: { url: 'https://victim.example.com/hook' } })
  })
})
