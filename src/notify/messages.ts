/**
 * What subscribers receive: notification and confirmation messages as e-mail (plain text and HTML) and SMS. Every
 * value written by a user (site name, titles, messages, service names) is escaped in the HTML part by the same
 * template the public pages use. Pure functions: the content is a snapshot taken when the event happened.
 */
import { NOTIFICATION_KIND_LABELS } from '@/domain/notifications'
import { html, raw, type SafeHtml } from '@/format/html'
import { markdownToHtml, markdownToText } from '@/format/markdown'

import type { EmailLogo, NotificationContent } from './content'

export interface RenderedEmail {
  subject: string
  text: string
  html: string
}

export function notificationSubject(content: NotificationContent): string {
  return `[${content.siteName}] ${NOTIFICATION_KIND_LABELS[content.kind]}: ${content.title}`
}

function page(title: string, body: SafeHtml, footer: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1d2126">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;line-height:1.5">
${body}
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:13px;color:#5b6470">${footer}</p>
</body></html>
`.value
}

const affectedText = (affected: string[]) => (affected.length ? affected.join(', ') : 'No particular service')

/** `manageUrl`: the subscriber's page (change services or leave); `unsubscribeUrl`: leave at once. */
export function renderNotificationEmail(
  content: NotificationContent,
  unsubscribeUrl: string,
  manageUrl: string,
): RenderedEmail {
  const label = NOTIFICATION_KIND_LABELS[content.kind]
  const subject = notificationSubject(content)
  const text = [
    `${label}: ${content.title}`,
    `Status: ${content.statusLabel}`,
    ...(content.schedule ? [`When: ${content.schedule}`] : []),
    `Affected: ${affectedText(content.affected)}`,
    '',
    ...(content.message ? [markdownToText(content.message), ''] : []),
    `Details: ${content.url}`,
    '',
    '--',
    `You receive this because you subscribed to updates from ${content.siteName}.`,
    `Change your services or unsubscribe: ${manageUrl}`,
    `Unsubscribe at once: ${unsubscribeUrl}`,
    '',
  ].join('\n')
  const body = html`${logoBlock(content.logo, content.siteName)}<p style="margin:0 0 4px;font-size:13px;color:#5b6470">${content.siteName} · ${label}</p>
<h1 style="margin:0 0 16px;font-size:20px">${content.title}</h1>
<table role="presentation" style="border-collapse:collapse;margin-bottom:16px">
<tr><td style="padding:2px 12px 2px 0;color:#5b6470">Status</td><td><strong>${content.statusLabel}</strong></td></tr>
${content.schedule ? html`<tr><td style="padding:2px 12px 2px 0;color:#5b6470">When</td><td>${content.schedule}</td></tr>` : null}
<tr><td style="padding:2px 12px 2px 0;color:#5b6470">Affected</td><td>${affectedText(content.affected)}</td></tr>
</table>
${content.message ? html`<div>${raw(markdownToHtml(content.message))}</div>` : null}
<p><a href="${content.url}" style="color:#1f5fbf">View the details on the status page</a></p>`
  const footer = html`You receive this because you subscribed to updates from ${content.siteName}. <a href="${manageUrl}" style="color:#5b6470">Manage your subscription</a> · <a href="${unsubscribeUrl}" style="color:#5b6470">Unsubscribe</a>`
  return { subject, text, html: page(subject, body, footer) }
}

/** SMS: one short line with the link; the message itself is cut to keep it within a few segments. */
/** `manageUrl`: the subscriber's page, where they change services or leave. */
export function renderNotificationSms(content: NotificationContent, manageUrl: string): string {
  const text = content.message ? markdownToText(content.message) : ''
  const message = text ? ` ${text.length > 140 ? `${text.slice(0, 139)}…` : text}` : ''
  return `${content.siteName}: ${NOTIFICATION_KIND_LABELS[content.kind]}: ${content.title} (${content.statusLabel}).${message} ${content.url} Manage or stop: ${manageUrl}`
}

/** The logo says whose page this is before any text does; without its own alt text, the page's name stands for it. */
function logoBlock(logo: EmailLogo | undefined, siteName: string) {
  return logo
    ? html`<p style="margin:0 0 16px"><img src="${logo.url}" alt="${logo.alt || siteName}" height="40" style="height:40px;width:auto;border:0"></p>
`
    : null
}

export function renderConfirmationEmail(siteName: string, confirmUrl: string, logo?: EmailLogo): RenderedEmail {
  const subject = `[${siteName}] Confirm your subscription`
  const text = [
    `Please confirm that you want to receive status updates from ${siteName}:`,
    '',
    confirmUrl,
    '',
    'If you did not ask for this, ignore this e-mail: without confirmation you will receive nothing.',
    '',
  ].join('\n')
  const body = html`${logoBlock(logo, siteName)}<h1 style="margin:0 0 16px;font-size:20px">Confirm your subscription</h1>
<p>Please confirm that you want to receive status updates from ${siteName}.</p>
<p><a href="${confirmUrl}" style="display:inline-block;background:#1f5fbf;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">Confirm subscription</a></p>
<p style="font-size:13px;color:#5b6470">Or open this address: ${confirmUrl}</p>`
  const footer = html`If you did not ask for this, ignore this e-mail: without confirmation you will receive nothing.`
  return { subject, text, html: page(subject, body, footer) }
}

export function renderConfirmationSms(siteName: string, confirmUrl: string): string {
  return `${siteName}: confirm your status update subscription at ${confirmUrl} (ignore this if you did not ask for it)`
}

/** To editors: an open incident nobody has updated for a while. Internal: never sent to subscribers. */
export function renderIncidentReminderEmail(
  siteName: string,
  title: string,
  quietHours: number,
  editUrl: string,
  pageUrl: string,
): RenderedEmail {
  const subject = `[${siteName}] No update for ${quietHours} h: ${title}`
  const text = [
    `The incident "${title}" is still open and has had no update for ${quietHours} hours or more.`,
    'Visitors are reading the page: post an update, even if nothing changed, or resolve it.',
    '',
    `Update it: ${editUrl}`,
    `Public page: ${pageUrl}`,
    '',
    '--',
    'You receive this because you are an editor or administrator of this status page. The reminder interval is in Settings.',
    '',
  ].join('\n')
  const body = html`<h1 style="margin:0 0 16px;font-size:20px">No update for ${quietHours} h: ${title}</h1>
<p>The incident is still open and has had no update for ${quietHours} hours or more. Visitors are reading the page: post an update, even if nothing changed, or resolve it.</p>
<p><a href="${editUrl}" style="display:inline-block;background:#1f5fbf;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">Update the incident</a></p>
<p><a href="${pageUrl}" style="color:#1f5fbf">Public page</a></p>`
  const footer = html`You receive this because you are an editor or administrator of ${siteName}. The reminder interval is in Settings.`
  return { subject, text, html: page(subject, body, footer) }
}

/** To a webhook's contact address: its endpoint failed for 3 days and is sent nothing until it is fixed. */
export function renderQuarantineEmail(siteName: string, endpoint: string, reason: string): RenderedEmail {
  const subject = `[${siteName}] Your webhook is quarantined`
  const lines = [
    `Deliveries from ${siteName} to your webhook at ${endpoint} have failed for 3 days, so it is quarantined: nothing more is sent to it.`,
    `The last failure: ${reason}`,
    'Once the endpoint answers again, ask the administrator of the status page to send a test delivery: a success lifts the quarantine.',
  ]
  const text = [...lines, ''].join('\n\n')
  const body = html`<h1 style="margin:0 0 16px;font-size:20px">Your webhook is quarantined</h1>
<p>${lines[0]}</p>
<p>${lines[1]}</p>
<p>${lines[2]}</p>`
  const footer = html`You receive this because this address was given for the webhook's failure notices.`
  return { subject, text, html: page(subject, body, footer) }
}

/**
 * To the former contact of a webhook that somebody subscribed again with another contact address: the endpoint
 * may be theirs, and its requests now carry a secret they do not have. The new contact address is not named.
 */
export function renderWebhookTakenOverEmail(siteName: string, endpoint: string): RenderedEmail {
  const subject = `[${siteName}] Your former webhook was subscribed again`
  const lines = [
    `Somebody subscribed the webhook at ${endpoint} to ${siteName} again, with another contact address than yours. You had unsubscribed it, or it had been switched off.`,
    'It has a new signing secret: the one you were given no longer signs its requests, so a receiver that checks signatures with it will refuse them.',
    'If the endpoint is yours and you did not arrange this, tell the administrator of the status page.',
  ]
  const text = [...lines, ''].join('\n\n')
  const body = html`<h1 style="margin:0 0 16px;font-size:20px">Your former webhook was subscribed again</h1>
<p>${lines[0]}</p>
<p>${lines[1]}</p>
<p>${lines[2]}</p>`
  const footer = html`You receive this because this address was the webhook's contact address.`
  return { subject, text, html: page(subject, body, footer) }
}

/** A visitor's webhook: the confirmation link, and the secret its requests are signed with (shown nowhere else). */
export function renderWebhookConfirmationEmail(
  siteName: string,
  confirmUrl: string,
  endpoint: string,
  secret: string,
): RenderedEmail {
  const subject = `[${siteName}] Confirm your webhook`
  const text = [
    `Please confirm that ${siteName} may send status updates to your webhook at ${endpoint}:`,
    '',
    confirmUrl,
    '',
    `Every request is signed (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature) with this secret: ${secret}`,
    'Keep it: it is not shown again.',
    '',
    'If you did not ask for this, ignore this e-mail: without confirmation nothing is sent.',
    '',
  ].join('\n')
  const body = html`<h1 style="margin:0 0 16px;font-size:20px">Confirm your webhook</h1>
<p>Please confirm that ${siteName} may send status updates to your webhook at ${endpoint}.</p>
<p><a href="${confirmUrl}" style="display:inline-block;background:#1f5fbf;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">Confirm the webhook</a></p>
<p>Every request is signed (Standard Webhooks) with this secret; keep it, it is not shown again:<br><code>${secret}</code></p>`
  const footer = html`If you did not ask for this, ignore this e-mail: without confirmation nothing is sent.`
  return { subject, text, html: page(subject, body, footer) }
}
