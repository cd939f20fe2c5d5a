/**
 * What subscribers receive: notification and confirmation messages as e-mail (plain text and HTML) and SMS, in the
 * subscriber's language (the `notify` catalogues, docs/languages.md; English when none is given). Every value written
 * by a user (site name, titles, messages, service names) is escaped in the HTML part by the same template the public
 * pages use. Pure functions: the content is a snapshot taken when the event happened.
 */
import { type AnyLocale, DEFAULT_LOCALE, textDirection } from '@/domain/locales'
import type { NotificationKind } from '@/domain/notifications'
import { escapeHtml, html, raw, type SafeHtml } from '@/format/html'
import { markdownToHtml, markdownToText } from '@/format/markdown'
import { type Translate, translator } from '@/i18n/translate'

import type { EmailLogo, NotificationContent } from './content'

export interface RenderedEmail {
  subject: string
  text: string
  html: string
}

/** What happened, as a subscriber reads it ("New incident"). */
export const kindLabel = (kind: NotificationKind, t: Translate): string => t(`notify.kind.${kind}`)

/** "<kind>: <title>", the headline of every message. */
export const headlineOf = (content: NotificationContent, t: Translate): string =>
  t('notify.headline', { kind: kindLabel(content.kind, t), title: content.title })

export function notificationSubject(content: NotificationContent, locale: AnyLocale = DEFAULT_LOCALE): string {
  const t = translator(locale)
  return t('notify.subject', { siteName: content.siteName, kind: kindLabel(content.kind, t), title: content.title })
}

function page(title: string, body: SafeHtml, footer: SafeHtml, locale: AnyLocale = DEFAULT_LOCALE): string {
  const dir = textDirection(locale) === 'rtl' ? html` dir="rtl"` : null
  return html`<!doctype html>
<html lang="${locale}"${dir}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1d2126">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;line-height:1.5">
${body}
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:13px;color:#5b6470">${footer}</p>
</body></html>
`.value
}

/** A fixed text in an element's content: escaped, but an apostrophe kept as written (the English texts had it so). */
const prose = (text: string): SafeHtml => raw(escapeHtml(text).replaceAll('&#39;', "'"))

/** The services a notification is about, or that it names none. */
export const affectedText = (affected: string[], t: Translate): string =>
  affected.length ? affected.join(', ') : t('notify.affected.none')

/**
 * `manageUrl`: the subscriber's page (change services or leave); `unsubscribeUrl`: leave at once. `following`: the
 * subscription follows this one incident, and says so (and that it ends with the incident).
 */
export function renderNotificationEmail(
  content: NotificationContent,
  unsubscribeUrl: string,
  manageUrl: string,
  locale: AnyLocale = DEFAULT_LOCALE,
  following = false,
): RenderedEmail {
  const t = translator(locale)
  const label = kindLabel(content.kind, t)
  const subject = notificationSubject(content, locale)
  const affected = affectedText(content.affected, t)
  const why = t(following ? 'notify.email.whyFollow' : 'notify.email.why', { siteName: content.siteName })
  const text = [
    headlineOf(content, t),
    t('notify.line.status', { status: content.statusLabel }),
    ...(content.schedule ? [t('notify.line.when', { when: content.schedule })] : []),
    t('notify.line.affected', { affected }),
    '',
    ...(content.message ? [markdownToText(content.message), ''] : []),
    t('notify.line.details', { url: content.url }),
    '',
    '--',
    why,
    t('notify.email.manageLine', { url: manageUrl }),
    t('notify.email.unsubscribeLine', { url: unsubscribeUrl }),
    '',
  ].join('\n')
  const body = html`${logoBlock(content.logo, content.siteName)}<p style="margin:0 0 4px;font-size:13px;color:#5b6470">${content.siteName} · ${label}</p>
<h1 style="margin:0 0 16px;font-size:20px">${content.title}</h1>
<table role="presentation" style="border-collapse:collapse;margin-bottom:16px">
<tr><td style="padding:2px 12px 2px 0;color:#5b6470">${t('notify.label.status')}</td><td><strong>${content.statusLabel}</strong></td></tr>
${content.schedule ? html`<tr><td style="padding:2px 12px 2px 0;color:#5b6470">${t('notify.label.when')}</td><td>${content.schedule}</td></tr>` : null}
<tr><td style="padding:2px 12px 2px 0;color:#5b6470">${t('notify.label.affected')}</td><td>${affected}</td></tr>
</table>
${content.message ? html`<div>${raw(markdownToHtml(content.message))}</div>` : null}
<p><a href="${content.url}" style="color:#1f5fbf">${t('notify.email.viewDetails')}</a></p>`
  const footer = html`${why} <a href="${manageUrl}" style="color:#5b6470">${t('notify.email.manage')}</a> · <a href="${unsubscribeUrl}" style="color:#5b6470">${t('notify.email.unsubscribe')}</a>`
  return { subject, text, html: page(subject, body, footer, locale) }
}

/** SMS: one short line with the link; the message itself is cut to keep it within a few segments. */
/** `manageUrl`: the subscriber's page, where they change services or leave. */
export function renderNotificationSms(
  content: NotificationContent,
  manageUrl: string,
  locale: AnyLocale = DEFAULT_LOCALE,
): string {
  const t = translator(locale)
  const text = content.message ? markdownToText(content.message) : ''
  const message = text ? ` ${text.length > 140 ? `${text.slice(0, 139)}…` : text}` : ''
  const headline = t('notify.sms.headline', {
    siteName: content.siteName,
    kind: kindLabel(content.kind, t),
    title: content.title,
    status: content.statusLabel,
  })
  return `${headline}${message} ${content.url} ${t('notify.sms.manage', { url: manageUrl })}`
}

/** The logo says whose page this is before any text does; without its own alt text, the page's name stands for it. */
function logoBlock(logo: EmailLogo | undefined, siteName: string) {
  return logo
    ? html`<p style="margin:0 0 16px"><img src="${logo.url}" alt="${logo.alt || siteName}" height="40" style="height:40px;width:auto;border:0"></p>
`
    : null
}

/** `incident`: the title of the one incident the subscription follows, which the confirmation names. */
export function renderConfirmationEmail(
  siteName: string,
  confirmUrl: string,
  logo?: EmailLogo,
  locale: AnyLocale = DEFAULT_LOCALE,
  incident?: string,
): RenderedEmail {
  const t = translator(locale)
  const subject = t('notify.confirm.subject', { siteName })
  const ignore = t('notify.confirm.ignore')
  const askLink = incident
    ? t('notify.follow.askLink', { siteName, title: incident })
    : t('notify.confirm.askLink', { siteName })
  const ask = incident ? t('notify.follow.ask', { siteName, title: incident }) : t('notify.confirm.ask', { siteName })
  const text = [askLink, '', confirmUrl, '', ignore, ''].join('\n')
  const body = html`${logoBlock(logo, siteName)}<h1 style="margin:0 0 16px;font-size:20px">${t('notify.confirm.heading')}</h1>
<p>${ask}</p>
<p><a href="${confirmUrl}" style="display:inline-block;background:#1f5fbf;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${t('notify.confirm.button')}</a></p>
<p style="font-size:13px;color:#5b6470">${t('notify.confirm.orOpen', { url: confirmUrl })}</p>`
  const footer = html`${ignore}`
  return { subject, text, html: page(subject, body, footer, locale) }
}

export function renderConfirmationSms(
  siteName: string,
  confirmUrl: string,
  locale: AnyLocale = DEFAULT_LOCALE,
  incident?: string,
): string {
  const t = translator(locale)
  return incident
    ? t('notify.follow.sms', { siteName, title: incident, url: confirmUrl })
    : t('notify.confirm.sms', { siteName, url: confirmUrl })
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
export function renderQuarantineEmail(
  siteName: string,
  endpoint: string,
  reason: string,
  locale: AnyLocale = DEFAULT_LOCALE,
): RenderedEmail {
  const t = translator(locale)
  const subject = t('notify.quarantine.subject', { siteName })
  const lines = [
    t('notify.quarantine.failed', { siteName, endpoint }),
    t('notify.quarantine.reason', { reason }),
    t('notify.quarantine.lift'),
  ]
  const text = [...lines, ''].join('\n\n')
  const body = html`<h1 style="margin:0 0 16px;font-size:20px">${t('notify.quarantine.heading')}</h1>
<p>${lines[0]}</p>
<p>${lines[1]}</p>
<p>${lines[2]}</p>`
  const footer = prose(t('notify.quarantine.why'))
  return { subject, text, html: page(subject, body, footer, locale) }
}

/**
 * To the former contact of a webhook that somebody subscribed again with another contact address: the endpoint
 * may be theirs, and its requests now carry a secret they do not have. The new contact address is not named.
 */
export function renderWebhookTakenOverEmail(
  siteName: string,
  endpoint: string,
  locale: AnyLocale = DEFAULT_LOCALE,
): RenderedEmail {
  const t = translator(locale)
  const subject = t('notify.takenOver.subject', { siteName })
  const lines = [
    t('notify.takenOver.what', { endpoint, siteName }),
    t('notify.takenOver.secret'),
    t('notify.takenOver.tell'),
  ]
  const text = [...lines, ''].join('\n\n')
  const body = html`<h1 style="margin:0 0 16px;font-size:20px">${t('notify.takenOver.heading')}</h1>
<p>${lines[0]}</p>
<p>${lines[1]}</p>
<p>${lines[2]}</p>`
  const footer = prose(t('notify.takenOver.why'))
  return { subject, text, html: page(subject, body, footer, locale) }
}

/** A visitor's webhook: the confirmation link, and the secret its requests are signed with (shown nowhere else). */
export function renderWebhookConfirmationEmail(
  siteName: string,
  confirmUrl: string,
  endpoint: string,
  secret: string,
  locale: AnyLocale = DEFAULT_LOCALE,
): RenderedEmail {
  const t = translator(locale)
  const subject = t('notify.webhook.subject', { siteName })
  const ignore = t('notify.webhook.ignore')
  const text = [
    t('notify.webhook.askLink', { siteName, endpoint }),
    '',
    confirmUrl,
    '',
    t('notify.webhook.signedLine', { secret }),
    t('notify.webhook.keep'),
    '',
    ignore,
    '',
  ].join('\n')
  const body = html`<h1 style="margin:0 0 16px;font-size:20px">${t('notify.webhook.heading')}</h1>
<p>${t('notify.webhook.ask', { siteName, endpoint })}</p>
<p><a href="${confirmUrl}" style="display:inline-block;background:#1f5fbf;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${t('notify.webhook.button')}</a></p>
<p>${t('notify.webhook.signed')}<br><code>${secret}</code></p>`
  const footer = html`${ignore}`
  return { subject, text, html: page(subject, body, footer, locale) }
}

/** A visitor's Slack, Discord or Teams channel: the confirmation link, to the contact address that asked for it. */
export function renderChatConfirmationEmail(
  siteName: string,
  confirmUrl: string,
  service: string,
  endpoint: string,
  locale: AnyLocale = DEFAULT_LOCALE,
): RenderedEmail {
  const t = translator(locale)
  const subject = t('notify.chat.subject', { siteName, service })
  const ignore = t('notify.webhook.ignore')
  const text = [t('notify.chat.askLink', { siteName, service, endpoint }), '', confirmUrl, '', ignore, ''].join('\n')
  const body = html`<h1 style="margin:0 0 16px;font-size:20px">${t('notify.chat.heading', { service })}</h1>
<p>${t('notify.chat.ask', { siteName, service, endpoint })}</p>
<p><a href="${confirmUrl}" style="display:inline-block;background:#1f5fbf;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${t('notify.chat.button')}</a></p>`
  const footer = html`${ignore}`
  return { subject, text, html: page(subject, body, footer, locale) }
}
