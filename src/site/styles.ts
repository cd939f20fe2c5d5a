/** The public site's one stylesheet, inlined into every page (a few KB; no extra request, no flash). */
const LIGHT = `color-scheme:light;--bg:#f7f8fa;--fg:#1b1f24;--muted:#555e69;--card:#fff;--line:#d5dae0;--link:#0b57d0;--nav:#eef1f5;
--ok:#136c36;--ok-bg:#e3f4e8;--warn:#7a4b00;--warn-bg:#fff1d6;--bad:#a3151b;--bad-bg:#fde4e4;--info:#1f4f9c;--info-bg:#e3ecfb;--focus:#0b57d0;
--cta:#0b57d0;--cta-fg:#fff`
const DARK = `color-scheme:dark;--bg:#111418;--fg:#e6e9ed;--muted:#a4adb8;--card:#1a1f25;--line:#343c46;--link:#8ab4f8;--nav:#242b33;
--ok:#7ddc9b;--ok-bg:#163222;--warn:#f5c56b;--warn-bg:#3a2c0f;--bad:#ff9a9a;--bad-bg:#3e1a1c;--info:#9cc0ff;--info-bg:#172a47;--focus:#8ab4f8;
--cta:#8ab4f8;--cta-fg:#0b1b33`

/** The banners' colours, for light and dark alike (white text on each is above 4.5:1); the badges wear them too. */
export const SOLID = { ok: '#136c36', warn: '#8a5300', partial: '#a4380b', bad: '#a3151b', info: '#1f4f9c' } as const

export const SITE_CSS = `
:root{${LIGHT};--ok-solid:${SOLID.ok};--warn-solid:${SOLID.warn};--partial-solid:${SOLID.partial};--bad-solid:${SOLID.bad};--info-solid:${SOLID.info}}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${DARK}}}
:root[data-theme=dark]{${DARK}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
a{color:var(--link)}
a:focus-visible,button:focus-visible,summary:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.wrap{max-width:60rem;margin:0 auto;padding:0 1rem}
.skip{position:absolute;inset-inline-start:-999px;top:0;background:var(--card);padding:.5rem 1rem}
.skip:focus{inset-inline-start:1rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
header.site{border-bottom:1px solid var(--line);background:var(--card)}
header.site .wrap{display:flex;flex-wrap:nowrap;align-items:center;gap:.75rem;padding-top:.6rem;padding-bottom:.6rem}
.brand{display:flex;align-items:center;gap:.5rem;min-width:0;flex:1 1000 auto;font-weight:700;font-size:1.25rem;color:var(--fg);text-decoration:none}
.brand .name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.brand img{max-height:2.5rem;width:auto;flex:none}
nav.main{flex:0 1 auto;min-width:0}
nav.main ul{display:flex;flex-wrap:wrap;justify-content:flex-end;align-items:center;gap:.25rem;list-style:none;margin:0;padding:0}
nav.main a{display:block;padding:.4rem .75rem;border-radius:.4rem;color:var(--fg);text-decoration:none;font-weight:500;white-space:nowrap}
nav.main a:hover{background:var(--nav)}
nav.main a[aria-current=page]{background:var(--nav);font-weight:650}
nav.main a.cta{background:var(--cta);color:var(--cta-fg);font-weight:650;margin-inline-start:.25rem}
nav.main a.cta:hover{filter:brightness(1.1)}
button{font:inherit;color:var(--fg);background:var(--card);border:1px solid var(--line);border-radius:.4rem;padding:.35rem .75rem;cursor:pointer}
button:hover{border-color:var(--muted)}
.icon-button{flex:none;display:inline-flex;align-items:center;justify-content:center;width:2.25rem;height:2.25rem;padding:0}
.icon-button[aria-pressed=true]{background:var(--nav)}
main.wrap{padding:1.5rem 1rem 2rem}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 1rem}
h2{font-size:1.2rem;margin:2rem 0 .75rem}
h3{font-size:1rem;margin:0}
.flush{margin-top:0}
.back{margin:0 0 .75rem;font-size:.95rem}
.muted{color:var(--muted)}
.stale-notice{border:1px solid currentColor;border-radius:.5rem;padding:.5rem .75rem;margin:0 0 1rem}
.banner{border-radius:.5rem;padding:1rem 1.25rem;font-size:1.15rem;font-weight:600;display:flex;gap:.75rem;align-items:center;color:#fff}
.banner h1{margin:0;font-size:inherit}
.banner p{margin:0}
.banner .sub{font-weight:400;font-size:1rem}
.banner .icon{display:inline-flex;align-items:center;justify-content:center;flex:none;width:1.8rem;height:1.8rem;border-radius:50%;background:rgba(255,255,255,.2)}
.banner.s-operational{background:var(--ok-solid);color:#fff}
.banner.s-degraded{background:var(--warn-solid);color:#fff}
.banner.s-partial{background:var(--partial-solid);color:#fff}
.banner.s-major{background:var(--bad-solid);color:#fff}
.banner.s-maintenance{background:var(--info-solid);color:#fff}
.s-operational,.s-resolved,.s-completed{background:var(--ok-bg);color:var(--ok)}
.s-degraded,.s-partial,.s-identified,.s-monitoring,.s-investigating{background:var(--warn-bg);color:var(--warn)}
.s-major{background:var(--bad-bg);color:var(--bad)}
.s-maintenance,.s-upcoming,.s-in_progress,.s-cancelled{background:var(--info-bg);color:var(--info)}
.badge{display:inline-block;flex:none;border-radius:1rem;padding:0 .6rem;font-size:.875rem;font-weight:600;white-space:nowrap;border:1px solid currentColor}
.icon{font-weight:700}
.card{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:1rem;margin:0 0 .75rem}
.card.incident{border-inline-start:4px solid var(--warn)}
.card.maint-live{border-inline-start:4px solid var(--info)}
.latest{margin:.5rem 0 0}
.latest p{margin:.25rem 0}
details.group{background:var(--card);border:1px solid var(--line);border-radius:.5rem;margin:0 0 .75rem}
details.group>summary{display:flex;flex-wrap:nowrap;gap:.5rem;align-items:center;padding:.75rem 1rem;cursor:pointer;font-weight:600;list-style:none}
details.group>summary::-webkit-details-marker{display:none}
details.group[open]>summary{border-bottom:1px solid var(--line)}
details.group>summary::before{content:'▸';color:var(--muted);flex:none}
details.group[open]>summary::before{content:'▾'}
details.group>summary .name{flex:1;min-width:0}
.name{overflow-wrap:anywhere}
.narrow-label{display:none}
.desc{display:block;font-weight:400;font-size:.875rem;color:var(--muted)}
ul.services{list-style:none;margin:0;padding:0 1rem}
ul.services li{display:flex;flex-wrap:nowrap;justify-content:space-between;align-items:center;gap:1rem;padding:.6rem 0;border-bottom:1px solid var(--line)}
ul.services li .name{min-width:0}
ul.services li:last-child{border-bottom:0}
p.group-bars{margin:0;padding:.6rem 1rem;border-top:1px solid var(--line);font-size:.875rem}
ul.services li.has-uptime{flex-wrap:wrap;row-gap:.35rem}
ul.services li.has-uptime>.name{flex:1 1 0}
.uptime{position:relative;flex:1 0 100%}
.bars{--o:#136c36;--d:#8a5300;--p:#a4380b;--x:#a3151b;--m:#1f4f9c;--n:var(--line);display:flex;gap:2px;height:2rem;list-style:none;margin:0;padding:0}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]) .bars{--o:#5fc382;--d:#e0b050;--p:#f08a4b;--x:#ff7b7b;--m:#7fa8f0}}
:root[data-theme=dark] .bars{--o:#5fc382;--d:#e0b050;--p:#f08a4b;--x:#ff7b7b;--m:#7fa8f0}
.bars>li{flex:1 1 0;min-width:2px;border-radius:2px;background:var(--n);cursor:default}
.bars>.o{background:var(--o)}.bars>.d{background:var(--d)}.bars>.p{background:var(--p)}.bars>.x{background:var(--x)}.bars>.m{background:var(--m)}
.bars>li:hover{outline:2px solid var(--muted);outline-offset:1px}
.bars>li:focus{outline:3px solid var(--focus);outline-offset:1px}
.bars>li>i{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;font-style:normal}
.bars>li:hover>i,.bars>li:focus>i,.bars>li:focus-within>i{clip:auto;width:auto;height:auto;overflow:visible;white-space:normal;left:0;right:0;top:2.4rem;z-index:2;background:var(--card);color:var(--fg);border:1px solid var(--muted);border-radius:.4rem;padding:.4rem .6rem;font-size:.875rem;font-weight:400}
.uptime-total{margin:.25rem 0 0;font-size:.875rem;color:var(--muted);font-weight:400}
.u30{display:none}
@media (max-width:480px){.bars>li:nth-child(-n+60){display:none}.u90{display:none}.u30{display:inline}}
ul.plain{list-style:none;margin:0;padding:0}
.meta{font-size:.9rem;color:var(--muted);margin:.25rem 0 0}
.row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;justify-content:space-between}
.card .row{flex-wrap:nowrap;align-items:flex-start}
.card .row h3{min-width:0;overflow-wrap:anywhere}
ol.timeline{list-style:none;margin:0;padding:0;border-inline-start:3px solid var(--line)}
ol.timeline li{margin:0 0 1rem;padding:0;padding-inline-start:1rem}
ol.timeline p{margin:.25rem 0;white-space:pre-line}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;margin:0}
dl.facts dt{font-weight:600}
dl.facts dd{margin:0}
dl.facts .fact{display:contents}
.rich{overflow-wrap:anywhere}
nav.pager ul{display:flex;justify-content:space-between;gap:1rem;list-style:none;padding:0;margin:1.5rem 0 0}
nav.pager a{display:inline-block;padding:.4rem .9rem;border:1px solid var(--line);border-radius:.4rem;background:var(--card);text-decoration:none}
ul.feed-links{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;list-style:none;margin:0;padding:0}
footer.site{border-top:1px solid var(--line);padding:1rem 0 2rem;font-size:.9rem;color:var(--muted)}
footer.site .footer-name{margin:0 0 .5rem;font-weight:600;color:var(--fg)}
footer.site ul{display:flex;flex-wrap:wrap;gap:.5rem 1rem;list-style:none;padding:0;margin:0}
footer.site form{margin:0}
.link-button{background:none;border:0;padding:0;font:inherit;color:var(--link);text-decoration:underline;cursor:pointer}
input[type=email],input[type=tel],input[type=url]{font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--muted);border-radius:.4rem;padding:.35rem .6rem;max-width:100%;width:22rem}
input:focus-visible{outline:3px solid var(--focus);outline-offset:1px}
.inline-form{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem}
select{font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--muted);border-radius:.4rem;padding:.35rem .6rem;max-width:100%}
.history-filter{margin:0 0 1rem}
h3.history-day{font-size:1rem;margin:1rem 0 .5rem;color:var(--muted)}
.set-statuses{margin:.25rem 0 0}
.starts{font-weight:600}
.inline-form label{font-weight:600}
fieldset{border:1px solid var(--line);border-radius:.4rem;margin:0 0 1rem;padding:.5rem 1rem}
legend{font-weight:600;padding:0 .25rem}
.choice{display:inline-flex;align-items:center;gap:.35rem;margin:0 0 .25rem;margin-inline-end:1rem}
.choice-title{margin:.5rem 0 .25rem;font-weight:600}
.notice{border-radius:.4rem;padding:.75rem 1rem;border:1px solid currentColor}
.notice.ok{background:var(--ok-bg);color:var(--ok)}
.notice.error{background:var(--bad-bg);color:var(--bad)}
[hidden]{display:none!important}
.short{display:none}
.suggest{margin-top:.75rem;margin-bottom:0;font-size:.9375rem}
@media (max-width:640px){.long{display:none}.short{display:inline}}
@media (max-width:480px){h1{font-size:1.35rem}.banner{font-size:1.05rem;padding:.85rem 1rem}dl.facts{grid-template-columns:1fr}dl.facts dd{margin-bottom:.5rem}
header.site .wrap{gap:.25rem;padding-inline:.75rem}.brand{font-size:1.05rem}nav.main ul{gap:0}
nav.main a{padding:.35rem .45rem;font-size:.9375rem;white-space:normal;overflow-wrap:anywhere}.icon-button{flex:none}nav.main a.cta{margin-inline-start:.15rem}nav.main .nav-home{display:none}.icon-button{width:2rem;height:2rem}
ul.services li{gap:.5rem}.wide-label{display:none}.narrow-label{display:inline}}
`
