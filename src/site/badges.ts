/**
 * The status badges as pictures and as shields.io's endpoint JSON (docs/badges.md): the words in the response's
 * language, the colour of the page's banners, and for a status a symbol beside the word, so that the colour is never
 * the only cue.
 *
 * The SVG is drawn by shields.io's own renderer (badge-maker): each text's width is measured from Verdana's metrics
 * (anafanafo's tables, which cover every script the catalogues use) and the text is pinned to that width with
 * `textLength`, so whatever font the reader's system puts in for `Verdana,Geneva,DejaVu Sans,sans-serif`, no text
 * runs out of its box. Its root has `role="img"`, an `aria-label` and a `<title>` ("label: message").
 */
import { makeBadge } from 'badge-maker'

import type { BadgeMetric, BadgeStyle } from '@/domain/badges'
import type { AnyLocale } from '@/domain/locales'
import type { ServiceStatus } from '@/domain/statuses'
import { serviceStatusLabel } from '@/i18n/statuses'
import type { Translate } from '@/i18n/translate'
import { escapeHtml } from '@/format/html'
import type { BadgeFacts } from '@/public-api/badges'

import { xmlText } from './feeds'
import { SOLID } from './styles'
import { percentText } from './uptime-bars'

type Tone = ServiceStatus | 'none'

/** The page's banner colours (white text on each is above 4.5:1), and a grey for what is not a status. */
const COLOURS: Record<Tone, string> = {
  operational: SOLID.ok,
  degraded: SOLID.warn,
  partial: SOLID.partial,
  major: SOLID.bad,
  maintenance: SOLID.info,
  none: '#6b6b6b',
}

/** 14 × 14, white, one shape per status: a tick, a bar, an exclamation mark, a cross, a spanner. */
const SYMBOL_SHAPES: Record<ServiceStatus, string> = {
  operational:
    '<path d="M2.5 7.5l3 3 6-7" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>',
  degraded: '<rect x="2" y="5.8" width="10" height="2.4" rx="1.2" fill="#fff"/>',
  partial:
    '<rect x="5.8" y="1.5" width="2.4" height="7.5" rx="1.2" fill="#fff"/><circle cx="7" cy="11.6" r="1.4" fill="#fff"/>',
  major: '<path d="M3 3l8 8M11 3l-8 8" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/>',
  maintenance:
    '<path d="M10.7 1.3a3.3 3.3 0 0 0-4 4.2L1.5 10.7a1.3 1.3 0 0 0 1.8 1.8l5.2-5.2a3.3 3.3 0 0 0 4.2-4l-2 2-1.8-.5-.5-1.8z" fill="#fff"/>',
}

const symbolSvg = (status: ServiceStatus) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="14" height="14" viewBox="0 0 14 14">${SYMBOL_SHAPES[status]}</svg>`
const SYMBOL_URIS = Object.fromEntries(
  Object.keys(SYMBOL_SHAPES).map((status) => [
    status,
    `data:image/svg+xml;base64,${Buffer.from(symbolSvg(status as ServiceStatus)).toString('base64')}`,
  ]),
) as Record<ServiceStatus, string>

/** What a badge shows. */
export interface BadgeText {
  label: string
  message: string
  tone: Tone
  /** The status a symbol stands for; null: no symbol (a number or an error says itself). */
  symbol: ServiceStatus | null
}

/** The uptime's colour: the shades of the statuses, from "as good as promised" to "a bad month". */
function uptimeTone(percent: number | null): Tone {
  if (percent === null) return 'none'
  if (percent >= 99.9) return 'operational'
  if (percent >= 99) return 'degraded'
  return percent >= 95 ? 'partial' : 'major'
}

/** The badge's own label: the page's badges say what they tell, a group's or a service's whose it is too. */
function ownLabel({ name, value }: BadgeFacts, t: Translate): string {
  if (value.metric === 'status') return name ?? t('site.badge.status')
  if (value.metric === 'uptime')
    return name === null
      ? t('site.badge.uptime', { days: value.days })
      : t('site.badge.subjectUptime', { name, days: value.days })
  return name === null ? t('site.badge.incidents') : t('site.badge.subjectIncidents', { name })
}

/**
 * `label`: the reader's `?label=` (null: the badge's own), without what XML cannot carry (a control character) and
 * the spaces around it, so that the picture and the JSON say the same.
 */
export function badgeText(
  facts: BadgeFacts,
  { t, locale }: { t: Translate; locale: AnyLocale },
  label: string | null,
): BadgeText {
  const shown = label === null ? ownLabel(facts, t) : xmlText(label).trim()
  const { value } = facts
  if (value.metric === 'status')
    return { label: shown, message: serviceStatusLabel(t, value.status), tone: value.status, symbol: value.status }
  if (value.metric === 'uptime')
    return { label: shown, message: percentText(value.percent, locale), tone: uptimeTone(value.percent), symbol: null }
  return {
    label: shown,
    message: t('site.badge.open', { count: value.count }),
    tone: value.count === 0 ? 'operational' : 'partial',
    symbol: null,
  }
}

/** The label of a badge that could not be drawn: what it would have told, else "badge". */
export function failedLabel(metric: BadgeMetric | null, t: Translate): string {
  if (metric?.kind === 'status') return t('site.badge.status')
  if (metric?.kind === 'uptime') return t('site.badge.uptime', { days: metric.days })
  return metric?.kind === 'incidents' ? t('site.badge.incidents') : t('site.badge.badge')
}

/** A grey badge saying what went wrong (no such service, an invalid parameter, a private page). */
export const failedBadge = (label: string, message: string): BadgeText => ({
  label,
  message,
  tone: 'none',
  symbol: null,
})

/**
 * The picture (badge-maker escapes the texts). Its name is "label: message" as written: shields' for-the-badge draws
 * them in capitals and would name the picture in capitals too, which some screen readers spell out letter by letter.
 */
export function badgeSvg(text: BadgeText, style: BadgeStyle | null): string {
  const svg = makeBadge({
    label: text.label,
    message: text.message,
    color: COLOURS[text.tone],
    style: style ?? 'flat',
    ...(text.symbol ? { logoBase64: SYMBOL_URIS[text.symbol] } : {}),
  })
  if (style !== 'for-the-badge') return svg
  const name = escapeHtml(text.label ? `${text.label}: ${text.message}` : text.message)
  // Functions, not replacement strings: a `$&` in a label is text.
  return svg
    .replace(/aria-label="[^"]*"/, () => `aria-label="${name}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`)
}

/**
 * shields.io's endpoint JSON (https://shields.io/badges/endpoint-badge): the same label, message, colour and symbol,
 * which `img.shields.io/endpoint?url=…` draws; the style only when the reader chose one.
 */
export function badgeEndpoint(text: BadgeText, style: BadgeStyle | null): Record<string, string | number> {
  return {
    schemaVersion: 1,
    label: text.label,
    message: text.message,
    color: COLOURS[text.tone],
    ...(text.symbol ? { logoSvg: symbolSvg(text.symbol) } : {}),
    ...(style ? { style } : {}),
  }
}
