import { describe, expect, it } from 'vitest'

import { chatUrlExample, CHAT_CHANNELS, isChatWebhookUrl, parseChatOrigins } from '@/domain/chat-urls'

describe('the incoming-webhook addresses each chat service hands out', () => {
  it('accepts the documented shapes', () => {
    expect(isChatWebhookUrl('slack', 'https://hooks.slack.com/services/T0001/B0002/XXXXXXXX')).toBe(true)
    for (const url of [
      'https://discord.com/api/webhooks/123456789012345678/abc-DEF_ghi',
      'https://discordapp.com/api/webhooks/123456789012345678/abc',
      'https://canary.discord.com/api/webhooks/1/abc',
      'https://discord.com/api/v10/webhooks/1/abc',
    ])
      expect(isChatWebhookUrl('discord', url), url).toBe(true)
    for (const url of [
      'https://prod-12.westeurope.logic.azure.com/workflows/0f1e/triggers/manual/paths/invoke?api-version=2016-06-01&sig=x',
      'https://default1234.09.environment.api.powerplatform.com/powerautomate/automations/direct/workflows/86ff/triggers/manual/paths/invoke?api-version=1',
      'https://contoso.webhook.office.com/webhookb2/a@b/IncomingWebhook/c/d',
    ])
      expect(isChatWebhookUrl('teams', url), url).toBe(true)
    // The example a refusal shows has the shape it asks for.
    for (const channel of CHAT_CHANNELS) expect(isChatWebhookUrl(channel, chatUrlExample(channel)), channel).toBe(true)
  })

  it('refuses other hosts, plain http, lookalikes and other paths', () => {
    for (const [channel, url] of [
      ['slack', 'http://hooks.slack.com/services/T0/B0/x'],
      ['slack', 'https://hooks.slack.com.evil.example/services/T0/B0/x'],
      ['slack', 'https://hooks.slack.com/workflows/T0/B0/x'],
      ['slack', 'https://hooks.slack.com/services/T0/B0'],
      ['discord', 'https://discord.com/api/webhooks/not-a-number/abc'],
      ['discord', 'https://evildiscord.com/api/webhooks/1/abc'],
      ['discord', 'https://discord.com/api/oauth2/authorize'],
      ['teams', 'https://logic.azure.com/workflows/abc/triggers'],
      ['teams', 'https://evil.example/workflows/abc/triggers'],
      ['teams', 'https://contoso.webhook.office.com/other'],
      ['teams', 'not a url'],
    ] as const)
      expect(isChatWebhookUrl(channel, url), url).toBe(false)
  })

  it('puts a given origin in place of the service’s hosts, keeping its paths', () => {
    const origins = parseChatOrigins(' slack=http://127.0.0.1:4000/ignored , teams=https://teams.internal.example ')
    expect(origins).toEqual({ slack: 'http://127.0.0.1:4000', teams: 'https://teams.internal.example' })
    expect(isChatWebhookUrl('slack', 'http://127.0.0.1:4000/services/T/B/x', origins)).toBe(true)
    expect(isChatWebhookUrl('slack', 'http://127.0.0.1:4001/services/T/B/x', origins)).toBe(false)
    expect(isChatWebhookUrl('slack', 'https://hooks.slack.com/services/T/B/x', origins)).toBe(false)
    expect(isChatWebhookUrl('discord', 'https://discord.com/api/webhooks/1/abc', origins)).toBe(true)
    expect(parseChatOrigins(undefined)).toEqual({})
    expect(() => parseChatOrigins('mattermost=http://x')).toThrow(/slack, discord or teams/)
    expect(() => parseChatOrigins('slack=nowhere')).toThrow(/origin/)
    expect(() => parseChatOrigins('slack=ftp://x')).toThrow(/http/)
  })
})
