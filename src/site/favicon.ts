/**
 * The default favicon: a disc in the overall status's colour with the status's glyph, so a background tab shows
 * trouble at a glance. An SVG built from a fixed table (no input reaches the markup), served by /favicon.svg.
 */
import { SERVICE_STATUSES, type ServiceStatus } from '@/domain/statuses'

export type FaviconTone = ServiceStatus | 'neutral'

const COLOURS: Record<FaviconTone, string> = {
  operational: '#1a7f42',
  maintenance: '#2458b3',
  degraded: '#b26b00',
  partial: '#c2410c',
  major: '#c4231c',
  neutral: '#4b5563',
}

const GLYPHS: Record<FaviconTone, string> = {
  operational: 'M9 16.5l4.5 4.5L23 11.5',
  maintenance: 'M10 16h12',
  degraded: 'M16 9v9M16 23v.5',
  partial: 'M16 9v9M16 23v.5',
  major: 'M11 11l10 10M21 11L11 21',
  neutral: 'M8 17h4l2-5 4 9 2-4h4',
}

/** The tone a request asks for (`?status=`): a known status, else neutral. */
export function faviconTone(value: string | null): FaviconTone {
  return (SERVICE_STATUSES as readonly string[]).includes(value ?? '') ? (value as ServiceStatus) : 'neutral'
}

export function faviconSvg(tone: FaviconTone): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="${COLOURS[tone]}"/><path d="${GLYPHS[tone]}" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/></svg>`
}

/** Where a page's `<link rel="icon">` points: the uploaded favicon, else the default in the page's tone. */
export function faviconHref(tone: FaviconTone): string {
  return tone === 'neutral' ? '/favicon.svg' : `/favicon.svg?status=${tone}`
}
