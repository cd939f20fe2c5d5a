/**
 * The Content-Security-Policy of the public pages. Their scripts and stylesheet are inline constants,
 * so the policy allows exactly those texts by hash: if escaping ever slipped and let markup into a page, an
 * injected script would not run. The hashes are computed from the same constants the pages embed, so they cannot
 * drift. The pages carry no style attributes, so none are allowed. A page with an accent colour has one more small
 * stylesheet (src/site/accent.ts), made from its validated colour: its response's policy allows that one too.
 */
import { createHash } from 'node:crypto'

import type { SiteSettings } from '@/settings/site-settings'

import { accentStyle } from './accent'
import { uptimeWindowStyle } from './uptime-window-style'
import { INLINE_SCRIPTS } from './layout'
import { CHART_CSS } from './metric-charts'
import { SITE_CSS } from './styles'

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

const policy = (styles: string[]) =>
  [
    "default-src 'self'",
    `script-src ${INLINE_SCRIPTS.map(hashOf).join(' ')}`,
    `style-src 'self' ${styles.map(hashOf).join(' ')}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ')

const SITE_CONTENT_SECURITY_POLICY = policy([SITE_CSS])

/**
 * The policy of a page rendered with these settings (src/site/layout.ts embeds the same styles). `frameAncestors`:
 * the compact view's (src/domain/embedding.ts); the other pages have none, and may be framed anywhere. `charts`: the
 * page shows metric charts, whose stylesheet (src/site/metric-charts.ts) only such pages carry.
 */
export function siteContentSecurityPolicy(
  settings: Pick<SiteSettings, 'accentColor' | 'uptimeDays'>,
  frameAncestors?: string,
  charts = false,
): string {
  const extra = [accentStyle(settings.accentColor), uptimeWindowStyle(settings.uptimeDays), charts ? CHART_CSS : null]
  const styles = [SITE_CSS, ...extra.filter((style): style is string => style !== null)]
  const base = styles.length > 1 ? policy(styles) : SITE_CONTENT_SECURITY_POLICY
  return frameAncestors ? `${base}; ${frameAncestors}` : base
}
