/** The page shell of the public site: head (theme before paint, feeds), header with nav and theme toggle, footer. */
import type { SiteSettings } from './data'
import { html, raw, type SafeHtml } from './html'
import { SITE_CSS } from './styles'

/** Runs in <head> before the body paints: applies the stored theme choice, so there is no flash. */
export const THEME_BOOT = `try{var t=localStorage.getItem('theme');if(t==='light'||t==='dark')document.documentElement.setAttribute('data-theme',t)}catch(e){}`

/** At the end of <body>: shows the toggle (useless without script, so hidden until here) and wires it. */
export const THEME_TOGGLE = `(function(){var b=document.getElementById('theme-toggle');if(!b)return;var d=document.documentElement;
function cur(){var t=d.getAttribute('data-theme');if(t)return t;return matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}
function show(){var c=cur();b.setAttribute('aria-pressed',c==='dark'?'true':'false');b.textContent=c==='dark'?'Light theme':'Dark theme'}
b.hidden=false;show();b.addEventListener('click',function(){var n=cur()==='dark'?'light':'dark';d.setAttribute('data-theme',n);try{localStorage.setItem('theme',n)}catch(e){}show()})})();`

export interface DocumentOptions {
  title: string
  settings: SiteSettings
  body: SafeHtml
  /** Extra inline script for this page (already safe text). */
  script?: string
  current?: 'status' | 'history' | 'subscribe'
}

export function renderDocument({ title, settings, body, script, current }: DocumentOptions): string {
  const fullTitle = title === settings.siteName ? title : `${title} · ${settings.siteName}`
  const logo = settings.logo ? html`<img src="${settings.logo.url}" alt="${settings.logo.alt}" height="40">` : null
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${fullTitle}</title>
${settings.description ? html`<meta name="description" content="${settings.description}">` : null}
<meta name="color-scheme" content="light dark">
<script>${raw(THEME_BOOT)}</script>
<style>${raw(SITE_CSS)}</style>
<link rel="alternate" type="application/atom+xml" title="${settings.siteName}: incidents and maintenances (Atom)" href="/feed.atom">
<link rel="alternate" type="application/rss+xml" title="${settings.siteName}: incidents and maintenances (RSS)" href="/feed.rss">
<link rel="alternate" type="text/calendar" title="${settings.siteName}: maintenances (iCalendar)" href="/maintenances.ics">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site"><div class="wrap">
<a class="brand" href="/">${logo}<span>${settings.siteName}</span></a>
<nav class="main" aria-label="Main"><ul>
<li><a href="/"${current === 'status' ? raw(' aria-current="page"') : ''}>Status</a></li>
<li><a href="/history"${current === 'history' ? raw(' aria-current="page"') : ''}>History</a></li>
<li><a href="/subscribe"${current === 'subscribe' ? raw(' aria-current="page"') : ''}>Subscribe</a></li>
</ul></nav>
<button type="button" id="theme-toggle" aria-pressed="false" hidden>Dark theme</button>
</div></header>
<main id="main" class="wrap" tabindex="-1">
${body}
</main>
<footer class="site"><div class="wrap">
<ul>
<li><a href="/feed.atom">Atom feed</a></li>
<li><a href="/feed.rss">RSS feed</a></li>
<li><a href="/maintenances.ics">Maintenance calendar</a></li>
<li><a href="/api/v1/status">Status API</a></li>
</ul>
</div></footer>
<script>${raw(THEME_TOGGLE)}${script ? raw(script) : ''}</script>
</body>
</html>
`
  return page.value
}
