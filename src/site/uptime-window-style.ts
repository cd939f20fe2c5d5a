/**
 * The stylesheet a page with another uptime window than 90 days adds after the site's (src/site/styles.ts), whose
 * rules are made for 90 bars: on a phone the newest 30 bars only (the site's rule hides the oldest 60, which for 30
 * or 60 bars would hide too many), and on a wide screen thinner gaps for 180 or 365 bars. A page with 90 days carries
 * none, so its bytes are what they were; the response's Content-Security-Policy allows this one by its hash.
 */
import { DEFAULT_UPTIME_WINDOW } from '@/domain/page-display'

import { PHONE_DAYS } from './uptime-bars'

const PHONE = `@media (max-width:480px){.bars>li:nth-child(n){display:list-item}.bars>li:nth-last-child(n+${PHONE_DAYS + 1}){display:none}}`

export function uptimeWindowStyle(days: number | undefined): string | null {
  if (days === undefined || days === DEFAULT_UPTIME_WINDOW) return null
  if (days > 180) return `.bars{gap:0}.bars>li{min-width:1px;border-radius:0}${PHONE}`
  if (days > DEFAULT_UPTIME_WINDOW) return `.bars{gap:1px}${PHONE}`
  return PHONE
}
