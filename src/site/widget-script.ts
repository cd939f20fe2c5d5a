/**
 * `/embed.js`, the status widget as served for one page (docs/widget.md): the widget's function (src/site/widget.ts)
 * as its source text, called with the page's words in the response's language and the path of its summary. No page
 * data is in it, only words; what it shows it reads from the summary. A private page's script is a comment: its
 * summary answers a stranger 401, and a request that fails would be an error in every host page's console.
 */
import { DEFAULT_LOCALE } from '@/domain/locales'
import { INCIDENT_STATUSES } from '@/domain/statuses'
import { incidentStatusLabel, maintenanceStatusLabel } from '@/i18n/statuses'
import { tOf } from '@/i18n/translate'
import type { SiteSettings } from '@/settings/site-settings'

import type { SiteBody } from './respond'
import { statusWidget, type WidgetConfig } from './widget'

const JAVASCRIPT = 'text/javascript; charset=utf-8'

/** Light, and dark by the reader's preference or the tag's `data-theme`; the site's colours (src/site/styles.ts). */
const LIGHT = '--bg:#fff;--fg:#1b1f24;--muted:#555e69;--line:#d5dae0;--link:#0b57d0;--focus:#0b57d0'
const DARK = '--bg:#1a1f25;--fg:#e6e9ed;--muted:#a4adb8;--line:#343c46;--link:#8ab4f8;--focus:#8ab4f8'

/**
 * In the shadow root only: the host page's rules do not reach inside, and these do not leak out. Sizes in pixels,
 * since rem is the host page's root size.
 */
const WIDGET_CSS = `:host{all:initial;${LIGHT};--major:#a3151b;--minor:#8a5300;--maintenance:#1f4f9c;--ok:#136c36}
@media (prefers-color-scheme:dark){:host(:not([data-theme=light])){${DARK}}}
:host([data-theme=dark]){${DARK}}
:host([data-position=inline]){display:block}
.box{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--fg)}
:host(:not([data-position=inline])) .box{position:fixed;z-index:2147483000;max-width:min(420px,calc(100vw - 32px))}
:host([data-position^=bottom]) .box{bottom:16px}:host([data-position^=top]) .box{top:16px}
:host([data-position$=right]) .box{right:16px}:host([data-position$=left]) .box{left:16px}
.banner{display:flex;align-items:flex-start;gap:10px;background:var(--bg);border:1px solid var(--line);border-inline-start:5px solid var(--tone);border-radius:8px;padding:10px 10px 10px 12px;box-shadow:0 4px 16px rgba(0,0,0,.18)}
.tone-major{--tone:var(--major)}.tone-minor{--tone:var(--minor)}.tone-maintenance{--tone:var(--maintenance)}.tone-ok,.tone-none{--tone:var(--ok)}
.icon{flex:none;display:inline-flex;align-items:center;justify-content:center;width:22px;height:22px;border-radius:50%;background:var(--tone);color:#fff;font-weight:700;font-size:13px;margin-top:1px}
.text{flex:1;margin:0;min-width:0;overflow-wrap:anywhere}
.kind{font-weight:700}
.state{display:block;color:var(--muted);font-size:13px}
a{color:var(--link);font-weight:600}
.more{display:block;flex:none;align-self:center;font-weight:400;font-size:13px;white-space:nowrap}
.close{flex:none;font:inherit;font-size:20px;line-height:1;width:32px;height:32px;margin:-4px -2px -4px 0;padding:0;border:0;border-radius:6px;background:transparent;color:var(--muted);cursor:pointer}
.close:hover{color:var(--fg);background:var(--line)}
a:focus-visible,.close:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.pill{display:inline-flex;align-items:center;gap:6px;padding:4px 12px;border:1px solid var(--line);border-radius:999px;background:var(--bg);color:var(--fg);font-weight:600;text-decoration:none;box-shadow:0 2px 8px rgba(0,0,0,.12)}
.dot{width:9px;height:9px;border-radius:50%;background:var(--tone)}
.hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:480px){.banner{flex-wrap:wrap}.more{order:3;flex-basis:100%;margin-inline-start:32px}}`

/** The function's text, read once: the same for every page and language, so the script differs only by its words. */
const WIDGET_SOURCE = statusWidget.toString()

/** The script of a page: `summaryPath` is its summary's path from the script's origin (with its `/p/<slug>`). */
export function widgetScript(settings: SiteSettings, summaryPath: string): SiteBody {
  const t = tOf(settings)
  const language = settings.language
  const locale = language?.locale ?? DEFAULT_LOCALE
  const statuses: Record<string, string> = { in_progress: maintenanceStatusLabel(t, 'in_progress') }
  for (const status of INCIDENT_STATUSES) statuses[status] = incidentStatusLabel(t, status)
  const config: WidgetConfig = {
    summary: `${summaryPath}?locale=${encodeURIComponent(locale)}`,
    prefix: language?.prefix ?? '',
    lang: locale,
    dir: language?.dir ?? 'ltr',
    css: WIDGET_CSS,
    words: {
      label: t('site.widget.label', { site: settings.siteName }),
      incident: t('site.widget.incident'),
      maintenance: t('site.widget.maintenance'),
      operational: t('site.headline.operational'),
      more: t('site.widget.more'),
      dismiss: t('site.widget.dismiss'),
      newTab: t('site.widget.newTab'),
      statuses,
    },
  }
  return {
    body: `/* The status page's widget (docs/widget.md) */\n(${WIDGET_SOURCE})(${JSON.stringify(config)});\n`,
    contentType: JAVASCRIPT,
  }
}

/** A private page's script (docs/private-pages.md): nothing to show, and nothing asked of the page. */
export const PRIVATE_PAGE_WIDGET: SiteBody = {
  body: '/* This status page is private: its widget shows nothing (docs/widget.md). */\n',
  contentType: JAVASCRIPT,
}
