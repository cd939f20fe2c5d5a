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
    expect(message({})).toBe('type is required: email, sms, webhook, slack, discord or teams')
    expect(message({ type: 'fax' })).toBe('type must be email, sms, webhook, slack, discord or teams')
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

describe('a visitor’s Slack, Discord or Teams channel', () => {
  const SLACK = 'https://hooks.slack.com/services/T0001/B0002/abcDEF123'

  it('is a URL of the service’s own shape with the e-mail address that confirms it', () => {
    expect(parseSubscribeRequest({ type: 'slack', url: SLACK, email: 'Ops@Example.com' })).toEqual({
      ok: true,
      value: { type: 'slack', url: SLACK, contactEmail: 'ops@example.com', services: [] },
    })
    for (const [type, url] of [
      ['discord', 'https://discord.com/api/webhooks/123456789012345678/tok-EN_1'],
      ['teams', 'https://prod-12.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?sig=x'],
    ])
      expect(parseSubscribeRequest({ type, url, email: 'ops@example.com' }).ok, url).toBe(true)
  })

  it('refuses another service’s address, naming url and the shape it must have, for the form too', () => {
    const parsed = parseSubscribeRequest({ type: 'slack', url: 'https://example.com/services/a/b/c', email: 'a@b.co' })
    expect(parsed).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^url must be a Slack incoming-webhook address, such as https:\/\/hooks\.slack\.com/,
      ),
      problem: { kind: 'chat-url', channel: 'slack' },
    })
    expect(parseSubscribeRequest({ type: 'teams', url: SLACK, email: 'a@b.co' })).toMatchObject({
      ok: false,
      problem: { kind: 'chat-url', channel: 'teams' },
    })
    expect(parseSubscribeRequest({ type: 'discord', email: 'a@b.co' })).toMatchObject({
      ok: false,
      problem: { kind: 'url-required' },
    })
    expect(parseSubscribeRequest({ type: 'slack', url: SLACK })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^email is required: it confirms the channel/),
    })
  })

  it('may live under the origin that stands in for the service, with the service’s path', () => {
    const chatOrigins = { slack: 'http://127.0.0.1:4000' }
    const local = parseSubscribeRequest(
      { type: 'slack', url: 'http://127.0.0.1:4000/services/T1/B2/x', email: 'a@b.co' },
      { chatOrigins },
    )
    expect(local.ok).toBe(true)
    expect(
      parseSubscribeRequest({ type: 'slack', url: 'http://127.0.0.1:4000/other', email: 'a@b.co' }, { chatOrigins }).ok,
    ).toBe(false)
    expect(parseSubscribeRequest({ type: 'slack', url: SLACK, email: 'a@b.co' }, { chatOrigins }).ok).toBe(false)
  })
})

describe('following one incident', () => {
  it('takes an incident’s id with an e-mail address or a phone number, and no services', () => {
    expect(parseSubscribeRequest({ type: 'email', email: 'a@example.com', incident: 'ab12cd' })).toEqual({
      ok: true,
      value: { type: 'email', email: 'a@example.com', services: [], incident: 'ab12cd' },
    })
    expect(
      parseSubscribeRequest({ type: 'sms', phone: '+14155550123', incident: 'ab12cd', services: [] }),
    ).toMatchObject({ ok: true, value: { incident: 'ab12cd' } })
  })

  it('refuses it for an endpoint, beside services, or as something else than an id', () => {
    const url = 'https://hooks.example.com/x'
    expect(parseSubscribeRequest({ type: 'webhook', url, email: 'a@b.co', incident: 'ab12cd' })).toMatchObject({
      ok: false,
      message: 'incident: only e-mail and SMS subscriptions can follow one incident',
    })
    expect(parseSubscribeRequest({ type: 'email', email: 'a@b.co', incident: 'ab', services: ['api'] })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^services: a subscription that follows one incident/),
    })
    expect(parseSubscribeRequest({ type: 'email', email: 'a@b.co', incident: 42 })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^incident must be/),
    })
  })
})
