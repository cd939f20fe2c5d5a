/**
 * The page shell of the public site: head (title, favicon, theme before paint, feeds), header with the navigation,
 * the subscribe button and the theme toggle, footer, and the site's only two inline scripts. Every script of the
 * public pages lives in this file, each a constant string, so a Content-Security-Policy can allow them by hash.
 */
import { DATE_FORMATS, DEFAULT_DATE_FORMAT } from '@/domain/date-format'
import type { ServiceStatus } from '@/domain/statuses'
import { DATE_STYLES } from '@/format/dates'
import { html, raw, type SafeHtml } from '@/format/html'
import { textDirection } from '@/domain/locales'
import { tOf, translator } from '@/i18n/translate'
import type { SiteSettings } from '@/settings/site-settings'

import { accentStyle } from './accent'
import { uptimeWindowStyle } from './uptime-window-style'
import { CHART_CSS } from './metric-charts'
import { faviconHref } from './favicon'
import { SITE_CSS } from './styles'

/** Each date format's locale and options for an instant and for a time alone, as the body script reads them. */
const CLIENT_DATE_STYLES = JSON.stringify(
  Object.fromEntries(
    DATE_FORMATS.map((f) => [f, [DATE_STYLES[f].locale, DATE_STYLES[f].dateTime, DATE_STYLES[f].time]]),
  ),
)

/** In <head>, before the body paints: applies the stored theme choice, so there is no flash. */
export const HEAD_SCRIPT = `try{var t=localStorage.getItem('theme');if(t==='light'||t==='dark')document.documentElement.setAttribute('data-theme',t)}catch(e){}`

/**
 * At the end of <body>, the same on every page; each part acts only when its elements are there:
 * - the theme toggle (useless without script, so hidden until here);
 * - the language switcher: a choice is remembered (cookie `lang`), and on the page's default language only, the
 *   remembered language, else the browser's first one the page speaks, is suggested in a line above the content
 *   (in its own words); what an address returns never changes, so every page stays cacheable (docs/languages.md);
 * - times: every <time datetime> in the visitor's zone, named; `.ago` ones also say "2 hours ago"; `[data-fixed]`
 *   ones stay in the configured zone (the server's text); `[data-same-day]` ones (a window's end on the day it
 *   starts) show the time alone when that holds in the visitor's zone too; the maintenance page's "Your time" row (shown only when
 *   the visitor's zone differs); in the page's date format (`data-date-format` on <html>, absent for the default),
 *   with the server's locale and options (src/format/dates.ts), so the two never mix;
 * - the incident page's copy-link button;
 * - a large `/`'s groups (`details[data-bars]`): when one is open (from the start, or when the visitor opens it), its
 *   service list is replaced by the one of its group page, with the bars, fetched through the same response cache
 *   (without credentials, so a signed-in editor's request is cached too); without script the group links there;
 * - the uptime bars: one tab stop per service (a roving tabindex); Left/Right/Home/End move it between the visible
 *   days, and the focused day's incident links become its only link tab stops;
 * - `<main data-refresh>`: fetches the same URL every 60 s (If-None-Match, so an unchanged page is a 304) and swaps
 *   the main content when it changed, unless the visitor is typing in it; `statusPage.refresh()` runs it now.
 */
export const BODY_SCRIPT = `(function(){var d=document,root=d.documentElement,tx={};try{tx=JSON.parse(d.getElementById('texts').textContent)}catch(e){}
var lang=root.lang||'en',en=lang.indexOf('en')===0;
var b=d.getElementById('theme-toggle');
function cur(){var t=root.getAttribute('data-theme');if(t)return t;return matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}
if(b){b.hidden=false;var show=function(){b.setAttribute('aria-pressed',cur()==='dark'?'true':'false')};show();
b.addEventListener('click',function(){var n=cur()==='dark'?'light':'dark';root.setAttribute('data-theme',n);try{localStorage.setItem('theme',n)}catch(e){}show()})}
var zone;try{zone=Intl.DateTimeFormat().resolvedOptions().timeZone}catch(e){}
var fs=${CLIENT_DATE_STYLES},f=fs[root.getAttribute('data-date-format')]||fs['${DEFAULT_DATE_FORMAT}'];
var loc=en?f[0]:lang,abs=new Intl.DateTimeFormat(loc,f[1]);
var dayf=new Intl.DateTimeFormat('en-GB',{day:'numeric',month:'short',year:'numeric'}),hm=new Intl.DateTimeFormat(loc,f[2]);
function end(s,e){return dayf.format(s)===dayf.format(e)?hm.format(e):abs.format(e)}
var rel=Intl.RelativeTimeFormat?new Intl.RelativeTimeFormat(en?'en':lang,{numeric:'auto'}):null;
var units=[['year',31536e6],['month',2592e6],['day',864e5],['hour',36e5],['minute',6e4]];
function ago(t){var s=t-Date.now();if(!rel||Math.abs(s)<6e4)return tx.justNow;for(var i=0;i<units.length;i++){var u=units[i];if(Math.abs(s)>=u[1]||u[0]==='minute')return rel.format(Math.trunc(s/u[1]),u[0])}}
function times(scope){scope.querySelectorAll('time[datetime]').forEach(function(el){if(el.hasAttribute('data-fixed'))return;var t=new Date(el.getAttribute('datetime'));if(isNaN(t))return;
var sd=el.getAttribute('data-same-day'),a=sd?end(new Date(sd),t):abs.format(t);el.textContent=el.classList.contains('ago')?ago(t.getTime())+' ('+a+')':a});
scope.querySelectorAll('[data-local]').forEach(function(el){var s=el.getAttribute('data-start'),e=el.getAttribute('data-end');el.textContent=e?tx.window.replace('{start}',abs.format(new Date(s))).replace('{end}',end(new Date(s),new Date(e))):tx.openEnd.replace('{start}',abs.format(new Date(s)))});
var r=scope.querySelector('#local-row');if(r&&zone&&r.getAttribute('data-zone')!==zone){r.hidden=false;var l=scope.querySelector('#local-zone');if(l)l.textContent=' ('+zone+')'}}
function copy(scope){var c=scope.querySelector('#copy-link'),o=scope.querySelector('#copy-result');if(!c||!o)return;c.hidden=false;
c.addEventListener('click',function(){var u=location.href.split('#')[0];function done(t){o.textContent=t}
if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(u).then(function(){done(tx.copied)},function(){done(tx.copyFailed.replace('{url}',u))})}else{done(tx.copyThis.replace('{url}',u))}})}
var main=d.getElementById('main');if(!main)return;
(function(sw){if(!sw)return;sw.addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('a[hreflang]');if(a)d.cookie='lang='+a.getAttribute('hreflang')+';path=/;max-age=31536000;samesite=lax'});
var here=sw.querySelector('a[aria-current]');if(!here||!here.hasAttribute('data-default'))return;
var m=/(?:^|; )lang=([^;]+)/.exec(d.cookie),want=m?decodeURIComponent(m[1]):null,nl=navigator.languages||[navigator.language||''];
for(var i=0;!want&&i<nl.length;i++){var c=sw.querySelector('a[hreflang="'+nl[i]+'"]')||sw.querySelector('a[hreflang^="'+String(nl[i]).split('-')[0]+'"]');if(c)want=c.getAttribute('hreflang')}
var to=want&&want!==lang?sw.querySelector('a[hreflang="'+want+'"]'):null;if(!to)return;
var p=d.createElement('p'),l=d.createElement('a');p.className='suggest wrap';p.lang=want;p.dir=to.getAttribute('data-dir')||'ltr';l.href=to.href;l.textContent=to.getAttribute('data-suggest');p.appendChild(l);main.parentNode.insertBefore(p,main)})(d.querySelector('nav.languages'));
var seen=main.innerHTML,etag=null,typed=false,at=Date.now();
times(main);copy(main);
function bars(g){var u=g.getAttribute('data-bars');if(!u||!g.open||g.hasAttribute('data-loaded')||!window.fetch||!window.DOMParser)return;g.setAttribute('data-loaded','');
fetch(u,{credentials:'omit'}).then(function(r){if(r.status!==200)throw r.status;return r.text()}).then(function(t){var n=new DOMParser().parseFromString(t,'text/html').querySelector('#group-services ul.services'),o=g.querySelector('ul.services');
if(n&&o){o.replaceWith(d.importNode(n,true));times(g)}}).catch(function(){g.removeAttribute('data-loaded')})}
main.addEventListener('toggle',function(e){var g=e.target;if(g.hasAttribute&&g.hasAttribute('data-bars'))bars(g)},true);
main.querySelectorAll('details[data-bars][open]').forEach(bars);
function pick(li){var o=li.parentNode.querySelector('li[tabindex="0"]');if(o&&o!==li){o.removeAttribute('tabindex');o.querySelectorAll('a').forEach(function(a){a.tabIndex=-1})}
li.tabIndex=0;li.querySelectorAll('a').forEach(function(a){a.removeAttribute('tabindex')})}
main.addEventListener('focusin',function(e){var li=e.target.closest&&e.target.closest('ol.bars>li');if(li)pick(li)});
main.addEventListener('keydown',function(e){var li=e.target;if(!li.matches||!li.matches('ol.bars>li'))return;
var all=[].filter.call(li.parentNode.children,function(x){return x.getClientRects().length>0}),i=all.indexOf(li),k=e.key,n=k==='ArrowLeft'?i-1:k==='ArrowRight'?i+1:k==='Home'?0:k==='End'?all.length-1:null;
if(n===null)return;e.preventDefault();if(n>=0&&n<all.length){pick(all[n]);all[n].focus()}});
var api={refresh:function(){return Promise.resolve(false)}};window.statusPage=api;
if(!main.hasAttribute('data-refresh')||!window.fetch||!window.DOMParser)return;
main.addEventListener('input',function(){typed=true});
function busy(){var a=d.activeElement;return typed||(a&&a!==main&&main.contains(a)&&/^(INPUT|TEXTAREA|SELECT)$/.test(a.tagName))}
api.refresh=function(){at=Date.now();var h={};if(etag)h['If-None-Match']=etag;
return fetch(location.href,{headers:h,cache:'no-store',credentials:'same-origin'}).then(function(res){if(res.status!==200)return false;etag=res.headers.get('etag');
return res.text().then(function(text){var doc=new DOMParser().parseFromString(text,'text/html'),next=doc.getElementById('main');if(!next||next.innerHTML===seen||busy())return false;
var open={};main.querySelectorAll('details[data-name]').forEach(function(g){if(g.open)open[g.getAttribute('data-name')]=1});
seen=next.innerHTML;main.innerHTML=seen;main.querySelectorAll('details[data-name]').forEach(function(g){if(open[g.getAttribute('data-name')])g.open=true});
times(main);copy(main);d.title=doc.title;var i=d.querySelector('link[rel=icon]'),j=doc.querySelector('link[rel=icon]');if(i&&j)i.setAttribute('href',j.getAttribute('href'));
var s=d.getElementById('refresh-status');if(s)s.textContent=tx.updated.replace('{time}',abs.format(new Date()));return true})}).catch(function(){return false})};
setInterval(function(){times(main);if(!d.hidden)api.refresh()},6e4);
d.addEventListener('visibilitychange',function(){if(!d.hidden&&Date.now()-at>6e4)api.refresh()})})();`

/** Every inline script of the public pages, for a Content-Security-Policy's hashes. */
export const INLINE_SCRIPTS = [HEAD_SCRIPT, BODY_SCRIPT] as const

export interface DocumentOptions {
  title: string
  settings: SiteSettings
  body: SafeHtml
  current?: 'status' | 'history' | 'subscribe'
  /** The overall status, when the page computed it itself; else the one read with the settings. */
  status?: ServiceStatus
  /** Refresh the main content while the page is open (pages of public data; never forms or a subscriber's page). */
  refresh?: boolean
  /** What a link preview (Slack, Teams) says under the title: the page's news; else the site's description. */
  description?: string | null
  /** The service or group this page is about: its feeds are announced before the page's (feed readers take the first). */
  subject?: { name: string; path: string }
  /** The page shows metric charts: their stylesheet comes with it (and its response's policy allows it, SiteBody). */
  charts?: boolean
}

const MOON = raw(
  '<svg class="moon" aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20"><path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z" fill="currentColor"/></svg>',
)

function navLink(href: string, label: SafeHtml | string, here: boolean, className?: string): SafeHtml {
  return html`<a href="${href}"${className ? raw(` class="${className}"`) : ''}${here ? raw(' aria-current="page"') : ''}>${label}</a>`
}

/** A preview is a line or two: long update texts are cut at 300 characters (not inside a surrogate pair). */
function preview(text: string | null): string | null {
  if (!text) return null
  const characters = [...text.replace(/\s+/g, ' ')]
  return characters.length > 300 ? `${characters.slice(0, 299).join('').trimEnd()}…` : characters.join('')
}

/** The footer's links: the site's own, the page's (footer links), and a private page's sign-out. */
function footerItems(settings: SiteSettings): SafeHtml {
  const t = tOf(settings)
  return html`<li><a href="/history">${t('site.nav.history')}</a></li>
${settings.subscribable === false ? null : html`<li><a href="/subscribe">${t('site.nav.subscribe')}</a></li>`}
<li><a href="/feed.atom">${t('site.footer.atom')}</a></li>
<li><a href="/feed.rss">${t('site.footer.rss')}</a></li>
<li><a href="/maintenances.ics">${t('site.footer.calendar')}</a></li>
<li><a href="/api/v1/status">${t('site.footer.api')}</a></li>${(settings.footerLinks ?? []).map(
    (link) => html`
<li><a href="${link.url}">${link.label}</a></li>`,
  )}${
    settings.signOut
      ? html`
<li><form method="post" action="/access/sign-out"><button type="submit" class="link-button">${t('site.footer.signOut')}</button></form></li>`
      : null
  }`
}

/** The `<link rel="alternate">`s of the feeds and calendar: a service's or group's, then the whole page's. */
function feedAlternates(settings: SiteSettings, subject: DocumentOptions['subject']): SafeHtml {
  const t = tOf(settings)
  const site = settings.siteName
  const own = subject
    ? html`
<link rel="alternate" type="application/atom+xml" title="${t('site.head.subjectAtom', { site, name: subject.name })}" href="${subject.path}/feed.atom">
<link rel="alternate" type="application/rss+xml" title="${t('site.head.subjectRss', { site, name: subject.name })}" href="${subject.path}/feed.rss">
<link rel="alternate" type="text/calendar" title="${t('site.head.subjectCalendar', { site, name: subject.name })}" href="${subject.path}/maintenances.ics">`
    : null
  return html`${own}
<link rel="alternate" type="application/atom+xml" title="${t('site.head.atom', { site })}" href="/feed.atom">
<link rel="alternate" type="application/rss+xml" title="${t('site.head.rss', { site })}" href="/feed.rss">
<link rel="alternate" type="text/calendar" title="${t('site.head.calendar', { site })}" href="/maintenances.ics">`
}

/**
 * The same page in the page's other languages: hreflang alternates for search engines (absolute addresses, which the
 * path prefix leaves alone), and the switcher at the foot of the page, each name in its own language.
 */
function languageLinks(settings: SiteSettings): { head: SafeHtml | null; switcher: SafeHtml | null } {
  const language = settings.language
  if (!language) return { head: null, switcher: null }
  const t = tOf(settings)
  const head = html`${language.alternates.map(
    ({ locale, href }) => html`
<link rel="alternate" hreflang="${locale}" href="${href}">`,
  )}`
  const switcher = html`<nav class="languages" aria-label="${t('site.footer.languages')}"><ul>${language.alternates.map(
    ({ locale, name, href }) =>
      html`<li><a href="${href}" hreflang="${locale}" lang="${locale}" data-suggest="${translator(locale)('site.suggest')}"${textDirection(locale) === 'rtl' ? raw(' data-dir="rtl"') : ''}${locale === language.pageDefault ? raw(' data-default') : ''}${locale === language.locale ? raw(' aria-current="true"') : ''}>${name}</a></li>`,
  )}</ul></nav>`
  return { head, switcher }
}

/**
 * The words of the notice the edge puts at the top of <main> when it serves this page as a last good copy
 * (src/edge/response-cache.ts, staleNotice), in the page's language; English needs none (the edge's own).
 */
function staleWords(settings: SiteSettings): SafeHtml | null {
  if (!settings.language || settings.language.locale === 'en') return null
  return html` data-stale="${tOf(settings)('site.staleNotice', { time: '{time}' })}"`
}

/** The texts the page's script writes (BODY_SCRIPT), in the page's language: JSON, read, never run. */
function scriptTexts(settings: SiteSettings): SafeHtml {
  const t = tOf(settings)
  const texts = {
    justNow: t('site.script.justNow'),
    window: t('site.script.window', { start: '{start}', end: '{end}' }),
    openEnd: t('site.script.openEnd', { start: '{start}' }),
    copied: t('site.script.copied'),
    copyFailed: t('site.script.copyFailed', { url: '{url}' }),
    copyThis: t('site.script.copyThis', { url: '{url}' }),
    updated: t('site.script.updated', { time: '{time}' }),
  }
  return raw(`<script type="application/json" id="texts">${JSON.stringify(texts).replace(/</g, '\\u003c')}</script>`)
}

export function renderDocument({
  title,
  settings,
  body,
  current,
  status,
  refresh,
  description: summary,
  subject,
  charts,
}: DocumentOptions): string {
  const t = tOf(settings)
  const language = languageLinks(settings)
  const fullTitle = title === settings.siteName ? title : `${title} · ${settings.siteName}`
  const description = preview(summary?.trim() || settings.description)
  // The site name is beside it, so the logo is decorative for the link's name.
  const logo = settings.logo ? html`<img src="${settings.logo.url}" alt="" height="40">` : null
  const icon = settings.favicon
    ? html`<link rel="icon" href="${settings.favicon.url}"${settings.favicon.mimeType ? html` type="${settings.favicon.mimeType}"` : null}>`
    : html`<link rel="icon" type="image/svg+xml" href="${faviconHref(status ?? settings.status ?? 'neutral')}">`
  const page = html`${documentStart(settings)}
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${fullTitle}</title>${
    settings.noindex
      ? html`
<meta name="robots" content="noindex">`
      : null
  }
${description ? html`<meta name="description" content="${description}">` : null}
<meta property="og:type" content="website">
<meta property="og:site_name" content="${settings.siteName}">
<meta property="og:title" content="${fullTitle}">
${description ? html`<meta property="og:description" content="${description}">` : null}
<meta name="twitter:card" content="summary">
<meta name="color-scheme" content="light dark">
${icon}
${headScriptAndStyles(settings, charts)}${feedAlternates(settings, subject)}${language.head}
</head>
<body>
<a class="skip" href="#main">${t('site.skip')}</a>
<header class="site"><div class="wrap">
<a class="brand" href="/">${logo}<span class="name">${settings.siteName}</span></a>
<nav class="main" aria-label="${t('site.nav.label')}"><ul>
<li class="nav-home">${navLink('/', t('site.nav.status'), current === 'status')}</li>
<li>${navLink('/history', t('site.nav.history'), current === 'history')}</li>
${settings.subscribable === false ? null : html`<li>${navLink('/subscribe', html`<span class="long">${t('site.nav.subscribeLong')}</span><span class="short">${t('site.nav.subscribe')}</span>`, current === 'subscribe', 'cta')}</li>`}
</ul></nav>
<button type="button" id="theme-toggle" class="icon-button" aria-pressed="false" aria-label="${t('site.nav.darkTheme')}" hidden>${MOON}</button>
</div></header>
<main id="main" class="wrap" tabindex="-1"${refresh ? raw(' data-refresh') : ''}${staleWords(settings)}>
${body}
</main>
${refresh ? REFRESH_STATUS : null}
<footer class="site"><div class="wrap">
<p class="footer-name">${settings.siteName}</p>
<ul>
${footerItems(settings)}
</ul>
${language.switcher}
</div></footer>
${documentEnd(settings)}`
  return page.value
}

/**
 * A page's compact view, for an iframe on another site (`/embed`, src/site/embed-page.ts): the main content alone,
 * refreshed as `/` is, its links opening in a new tab (not inside the frame), never listed by search engines.
 */
export function renderCompactDocument({ title, settings, body }: Pick<DocumentOptions, 'title' | 'settings' | 'body'>) {
  return html`${documentStart(settings)}
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${settings.siteName}</title>
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<base target="_blank">
${headScriptAndStyles(settings)}
</head>
<body class="embedded">
<main id="main" class="wrap" tabindex="-1" data-refresh>
${body}
</main>
${REFRESH_STATUS}
${documentEnd(settings)}`.value
}

/** The doctype, `<html>` with the page's language, direction and date format, and the head's first line. */
function documentStart(settings: SiteSettings): SafeHtml {
  const dateFormat = settings.dateFormat && settings.dateFormat !== DEFAULT_DATE_FORMAT ? settings.dateFormat : null
  return html`<!doctype html>
<html lang="${settings.language?.locale ?? 'en'}"${settings.language?.dir === 'rtl' ? raw(' dir="rtl"') : ''}${dateFormat ? html` data-date-format="${dateFormat}"` : null}>
<head>
<meta charset="utf-8">`
}

/** The theme before paint and the stylesheets (the site's, and the page's accent): what the policy's hashes allow. */
function headScriptAndStyles(settings: SiteSettings, charts = false): SafeHtml {
  const accent = accentStyle(settings.accentColor)
  const window = uptimeWindowStyle(settings.uptimeDays)
  return html`<script>${raw(HEAD_SCRIPT)}</script>
<style>${raw(SITE_CSS)}</style>${accent ? html`<style>${raw(accent)}</style>` : null}${window ? html`<style>${raw(window)}</style>` : null}${charts ? html`<style>${raw(CHART_CSS)}</style>` : null}`
}

const REFRESH_STATUS = raw('<p id="refresh-status" class="visually-hidden" role="status"></p>')

/** The script's texts and the script, then the end of the document. */
function documentEnd(settings: SiteSettings): SafeHtml {
  return html`${scriptTexts(settings)}
<script>${raw(BODY_SCRIPT)}</script>
</body>
</html>
`
}
