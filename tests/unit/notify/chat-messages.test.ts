import { describe, expect, it } from 'vitest'

import { discordMessage, slackMessage, teamsMessage } from '@/notify/chat-messages'
import type { NotificationContent } from '@/notify/content'

const long: NotificationContent = {
  siteName: 'S'.repeat(300),
  kind: 'incident_created',
  title: 'T'.repeat(1000),
  statusLabel: 'Investigating',
  message: 'm '.repeat(10_000),
  schedule: 'w'.repeat(5000),
  affected: Array.from({ length: 400 }, (_, i) => `Service ${i}`),
  url: 'https://status.example.test/i/abc',
}

describe('chat messages stay within the limits their services document', () => {
  it('Slack: header 150, section 3000, field 2000 characters', () => {
    const blocks = slackMessage(long).blocks as { type: string; text?: { text: string }; fields?: { text: string }[] }[]
    expect(blocks.find((b) => b.type === 'header')!.text!.text.length).toBeLessThanOrEqual(150)
    for (const block of blocks.filter((b) => b.type === 'section')) {
      if (block.text) expect(block.text.text.length).toBeLessThanOrEqual(3000)
      for (const field of block.fields ?? []) expect(field.text.length).toBeLessThanOrEqual(2000)
    }
  })

  it('Discord: title 256, field values 1024, the whole embed 6000 characters', () => {
    const [embed] = discordMessage(long, new Date()).embeds as {
      title: string
      description: string
      footer: { text: string }
      fields: { name: string; value: string }[]
    }[]
    expect(embed.title.length).toBeLessThanOrEqual(256)
    expect(embed.fields.every((f) => f.value.length <= 1024)).toBe(true)
    const total =
      embed.title.length +
      embed.description.length +
      embed.footer.text.length +
      embed.fields.reduce((n, f) => n + f.name.length + f.value.length, 0)
    expect(total).toBeLessThanOrEqual(6000)
  })

  it('Discord: text made of markup, escaped, still fits, and is never cut inside an escape', () => {
    const marked = { ...long, title: '['.repeat(1000), message: '*'.repeat(5000), siteName: '<'.repeat(300) }
    const [embed] = discordMessage(marked, new Date()).embeds as {
      title: string
      description: string
      footer: { text: string }
    }[]
    expect(embed.title.length).toBeLessThanOrEqual(256)
    for (const text of [embed.title, embed.description, embed.footer.text]) {
      expect(text).toMatch(/…$/)
      // Before the ellipsis, whole escapes only: an even number of characters, each pair a backslash and its mark.
      expect(text.slice(text.indexOf('\\'), -1)).toMatch(/^(\\[[*<])+$/)
    }
  })

  it('Teams: one Adaptive Card attachment with a link to the page', () => {
    const message = teamsMessage(long) as {
      attachments: { contentType: string; content: { type: string; actions: { url: string }[] } }[]
    }
    expect(message.attachments).toHaveLength(1)
    expect(message.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive')
    expect(message.attachments[0].content.type).toBe('AdaptiveCard')
    expect(message.attachments[0].content.actions[0].url).toBe(long.url)
  })
})
