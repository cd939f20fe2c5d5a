/**
 * What Slack, Discord and Microsoft Teams receive: one message each, readable on its own (site, what happened,
 * status, services, the message) and linking to the incident's page. Built to the limits their documentation
 * gives (Slack Block Kit, Discord's embed limits, an Adaptive Card 1.4 for a Teams Workflows webhook). User text is
 * escaped for Slack's mrkdwn and for Discord's and Teams' Markdown, so the only links are the ones written out as
 * "label (address)"; Discord is told to ping nobody, whatever the text says.
 */
import { type AnyLocale, DEFAULT_LOCALE } from '@/domain/locales'
import type { NotificationKind } from '@/domain/notifications'
import { markdownToText } from '@/format/markdown'
import { type Translate, translator } from '@/i18n/translate'

import type { NotificationContent } from './content'
import { affectedText, headlineOf, kindLabel } from './messages'

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)
const messageText = (content: NotificationContent) => (content.message ? markdownToText(content.message).trim() : '')

/** Good news green, maintenance blue, the rest red: the side bar of a Discord embed. */
const KIND_COLOUR: Record<NotificationKind, number> = {
  incident_created: 0xc62828,
  incident_updated: 0xef6c00,
  incident_resolved: 0x2e7d32,
  incident_postmortem: 0x546e7a,
  maintenance_scheduled: 0x1565c0,
  maintenance_reminder: 0x1565c0,
  maintenance_started: 0x1565c0,
  maintenance_completed: 0x2e7d32,
  maintenance_cancelled: 0x546e7a,
  service_status_changed: 0xef6c00,
}

/** Slack's mrkdwn reads &, < and > as markup: escaped, user text can neither link nor mention anyone. */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** What Discord's and Teams' Markdown read as markup: links, emphasis, code, quotes, headings, spoilers, mentions. */
const CHAT_MARKUP = /[\\`*_~[\]()<>#|]/g
/**
 * An address as it is written out, to the next space: not escaped, because a backslash inside it would become part of
 * the link (browsers read it as a slash). The characters that could open markup or end the link early are
 * percent-encoded instead, which leaves the address it leads to the same.
 */
const ADDRESS = /https?:\/\/\S+/gi
const ENCODED_IN_ADDRESS = /[[\]<>\\`|"]/g
const percentEncoded = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`

/**
 * Text Discord and Teams show as written: every markup character escaped with a backslash (CommonMark's escape,
 * which both read). A code span or escaped brackets in an update (`[label](address)`) arrive from the plain-text
 * conversion as literal brackets; unescaped, they would become a link whose label hides where it goes.
 */
function chatEscape(text: string): string {
  let out = ''
  let from = 0
  for (const match of text.matchAll(ADDRESS)) {
    out += text.slice(from, match.index).replace(CHAT_MARKUP, '\\$&')
    out += match[0].replace(ENCODED_IN_ADDRESS, percentEncoded)
    from = match.index + match[0].length
  }
  return out + text.slice(from).replace(CHAT_MARKUP, '\\$&')
}

/** `cut` for escaped text: never leaves half an escape (a lone backslash) before the ellipsis. */
function cutEscaped(text: string, max: number): string {
  if (text.length <= max) return text
  const kept = text.slice(0, max - 1)
  const trailing = /\\+$/.exec(kept)?.[0].length ?? 0
  return `${trailing % 2 === 1 ? kept.slice(0, -1) : kept}…`
}

const chatText = (text: string, max: number) => cutEscaped(chatEscape(text), max)
const chatHeadline = (content: NotificationContent, t: Translate) =>
  t('notify.headline', { kind: kindLabel(content.kind, t), title: chatEscape(content.title) })

/** A field of a Slack section: its label in bold, its value below. */
const slackField = (label: string, value: string) => ({
  type: 'mrkdwn',
  text: cut(`*${label}*\n${slackEscape(value)}`, 2000),
})

export function slackMessage(
  content: NotificationContent,
  locale: AnyLocale = DEFAULT_LOCALE,
): Record<string, unknown> {
  const t = translator(locale)
  const message = messageText(content)
  const headline = headlineOf(content, t)
  const fields = [
    slackField(t('notify.label.status'), content.statusLabel),
    slackField(t('notify.label.affected'), affectedText(content.affected, t)),
    ...(content.schedule ? [slackField(t('notify.label.when'), content.schedule)] : []),
  ]
  return {
    // The notification's text where blocks are not shown (notifications, screen readers).
    text: cut(`${content.siteName}: ${headline} (${content.statusLabel}) ${content.url}`, 3000),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: cut(headline, 150), emoji: false } },
      { type: 'section', fields },
      ...(message ? [{ type: 'section', text: { type: 'mrkdwn', text: cut(slackEscape(message), 3000) } }] : []),
      {
        type: 'actions',
        elements: [{ type: 'button', text: { type: 'plain_text', text: t('notify.chat.view') }, url: content.url }],
      },
      { type: 'context', elements: [{ type: 'mrkdwn', text: cut(slackEscape(content.siteName), 3000) }] },
    ],
  }
}

export function discordMessage(
  content: NotificationContent,
  at: Date,
  locale: AnyLocale = DEFAULT_LOCALE,
): Record<string, unknown> {
  const t = translator(locale)
  const message = messageText(content)
  const fields = [
    { name: t('notify.label.status'), value: chatText(content.statusLabel, 1024), inline: true },
    { name: t('notify.label.affected'), value: chatText(affectedText(content.affected, t), 1024), inline: true },
    ...(content.schedule
      ? [{ name: t('notify.label.when'), value: chatText(content.schedule, 1024), inline: false }]
      : []),
  ]
  return {
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: cutEscaped(chatHeadline(content, t), 256),
        url: content.url,
        // The embed's total stays below Discord's 6,000 characters: the other parts are short and cut.
        ...(message ? { description: chatText(message, 2000) } : {}),
        color: KIND_COLOUR[content.kind],
        fields,
        footer: { text: chatText(content.siteName, 200) },
        timestamp: at.toISOString(),
      },
    ],
  }
}

export function teamsMessage(
  content: NotificationContent,
  locale: AnyLocale = DEFAULT_LOCALE,
): Record<string, unknown> {
  const t = translator(locale)
  const message = messageText(content)
  const facts = [
    { title: t('notify.label.status'), value: chatEscape(content.statusLabel) },
    { title: t('notify.label.affected'), value: chatEscape(affectedText(content.affected, t)) },
    ...(content.schedule ? [{ title: t('notify.label.when'), value: chatEscape(content.schedule) }] : []),
  ]
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: chatEscape(content.siteName), size: 'Small', isSubtle: true, wrap: true },
            { type: 'TextBlock', text: chatHeadline(content, t), size: 'Medium', weight: 'Bolder', wrap: true },
            { type: 'FactSet', facts },
            ...(message ? [{ type: 'TextBlock', text: chatText(message, 3000), wrap: true }] : []),
          ],
          actions: [{ type: 'Action.OpenUrl', title: t('notify.chat.view'), url: content.url }],
        },
      },
    ],
  }
}
