import { describe, expect, it } from 'vitest'

import { isPublicPath, isPublicSitePath, loggablePath } from '../../src/edge/public-paths'
import { faviconHref, faviconSvg, faviconTone } from '../../src/site/favicon'
import { html, raw } from '../../src/format/html'
import { INLINE_SCRIPTS, renderDocument } from '../../src/site/layout'
import { incidentStartedAt } from '../../src/site/pages'

describe('the html template', () => {
  it('escapes interpolated text and attributes, and keeps safe HTML as it is', () => {
    const title = `<script>alert("x")</script> & 'co'`
    expect(html`<a title="${title}">${title}</a>`.value).toBe(
      '<a title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</a>',
    )
    expect(html`<p>${raw('<b>ok</b>')}${html`<i>${'<'}</i>`}</p>`.value).toBe('<p><b>ok</b><i>&lt;</i></p>')
    expect(html`${[1, null, false, undefined, 'a']}`.value).toBe('1a')
  })
})

describe('the public site paths', () => {
  it('covers the pages and feeds, and leaves the admin area and the CMS API out', () => {
    for (const path of ['/', '/history', '/i/abc', '/m/abc', '/feed.atom', '/feed.rss', '/maintenances.ics', '/api/v1/status']) expect(isPublicPath(path), path).toBe(true)
    for (const path of ['/admin', '/admin/login', '/api/services', '/api/graphql', '/i', '/i/a/b', '/x', '/api/v1x']) expect(isPublicPath(path), path).toBe(false)
    expect(isPublicSitePath('/api/v1/status')).toBe(false)
  })
})

describe('paths in logs', () => {
  it('hide the token of the confirmation and unsubscribe pages, and nothing else', () => {
    expect(loggablePath('/verify/abcDEF123_-x')).toBe('/verify/[token]')
    expect(loggablePath('/unsubscribe/abcDEF123_-x')).toBe('/unsubscribe/[token]')
    expect(loggablePath('/i/AB12CD')).toBe('/i/AB12CD')
    expect(loggablePath('/verify')).toBe('/verify')
  })
})

describe('incidentStartedAt', () => {
  const base = { shortId: 'a', title: 't', status: 'investigating' as const, url: '', affectedServices: [], updatedAt: '2025-01-01T12:00:00.000Z', resolvedAt: null }
  it('is the first update when it was back-dated, else the record creation', () => {
    const updates = [{ status: 'investigating' as const, message: 'm', createdAt: '2025-01-01T10:00:00.000Z' }]
    expect(incidentStartedAt({ ...base, updates, createdAt: '2025-01-01T11:00:00.000Z' })).toBe('2025-01-01T10:00:00.000Z')
    expect(incidentStartedAt({ ...base, updates, createdAt: '2025-01-01T09:00:00.000Z' })).toBe('2025-01-01T09:00:00.000Z')
    expect(incidentStartedAt({ ...base, updates: [], createdAt: '2025-01-01T09:00:00.000Z' })).toBe('2025-01-01T09:00:00.000Z')
  })
})

describe('the default favicon', () => {
  it('takes the colour of a known status, and nothing a request sends reaches the picture', () => {
    expect(faviconTone('major')).toBe('major')
    expect(faviconTone('"><script>')).toBe('neutral')
    expect(faviconTone(null)).toBe('neutral')
    expect(faviconSvg('major')).toContain('#c4231c')
    expect(faviconSvg('operational')).toContain('#1a7f42')
    expect(faviconHref('degraded')).toBe('/favicon.svg?status=degraded')
  })
})

describe('the page shell', () => {
  const settings = { siteName: 'Acme <Status>', description: null, timeZone: 'UTC', logo: null, favicon: null }

  it('has exactly the two inline scripts of layout.ts and one stylesheet, and no style attributes, for a Content-Security-Policy', () => {
    const page = renderDocument({ title: 'T', settings, body: html`<p>x</p>`, refresh: true })
    const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1])
    expect(scripts).toEqual([...INLINE_SCRIPTS])
    expect(page.match(/<style>/g)).toHaveLength(1)
    expect(page).not.toMatch(/ style="/)
    expect(page).toContain('<title>T · Acme &lt;Status&gt;</title>')
  })
})
