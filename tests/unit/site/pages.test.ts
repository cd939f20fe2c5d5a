import { gzipSync } from 'node:zlib'

import { describe, expect, it } from 'vitest'

import { isPublicPath, isPublicSitePath, loggablePath } from '@/edge/public-paths'
import { faviconHref, faviconSvg, faviconTone } from '@/site/favicon'
import { html, raw } from '@/format/html'
import { INLINE_SCRIPTS, renderDocument } from '@/site/layout'
import { SITE_CSS } from '@/site/styles'

import { barsInline, homePage, INLINE_BARS_MAX_SERVICES, incidentPage, incidentStartedAt } from '@/site/pages'

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
    for (const path of [
      '/',
      '/history',
      '/i/abc',
      '/m/abc',
      '/g/abc',
      '/feed.atom',
      '/feed.rss',
      '/maintenances.ics',
      '/s/api/feed.atom',
      '/s/api/feed.rss',
      '/g/core/maintenances.ics',
      '/api/v1/status',
    ])
      expect(isPublicPath(path), path).toBe(true)
    for (const path of [
      '/admin',
      '/admin/login',
      '/api/services',
      '/api/graphql',
      '/i',
      '/i/a/b',
      '/g',
      '/g/a/b',
      '/i/abc/feed.atom',
      '/s/api/history.atom',
      '/s/a/b/feed.atom',
      '/x',
      '/api/v1x',
    ])
      expect(isPublicPath(path), path).toBe(false)
    expect(isPublicSitePath('/api/v1/status')).toBe(false)
  })
})

describe('paths in logs', () => {
  it('hide the token of the confirmation and unsubscribe pages, and nothing else', () => {
    expect(loggablePath('/verify/abcDEF123_-x')).toBe('/verify/[token]')
    expect(loggablePath('/unsubscribe/abcDEF123_-x')).toBe('/unsubscribe/[token]')
    expect(loggablePath('/manage/abcDEF123_-x')).toBe('/manage/[token]')
    expect(loggablePath('/i/AB12CD')).toBe('/i/AB12CD')
    expect(loggablePath('/verify')).toBe('/verify')
  })
})

describe('incidentStartedAt', () => {
  const base = {
    shortId: 'a',
    title: 't',
    status: 'investigating' as const,
    url: '',
    affectedServices: [],
    updatedAt: '2025-01-01T12:00:00.000Z',
    resolvedAt: null,
    postmortem: null,
  }
  it('is the first update when it was back-dated, else the record creation', () => {
    const updates = [{ status: 'investigating' as const, message: 'm', createdAt: '2025-01-01T10:00:00.000Z' }]
    expect(incidentStartedAt({ ...base, updates, createdAt: '2025-01-01T11:00:00.000Z' })).toBe(
      '2025-01-01T10:00:00.000Z',
    )
    expect(incidentStartedAt({ ...base, updates, createdAt: '2025-01-01T09:00:00.000Z' })).toBe(
      '2025-01-01T09:00:00.000Z',
    )
    expect(incidentStartedAt({ ...base, updates: [], createdAt: '2025-01-01T09:00:00.000Z' })).toBe(
      '2025-01-01T09:00:00.000Z',
    )
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
    // The policy allows the stylesheet by the hash of exactly this text: no whitespace may be added around it.
    expect(page).toContain(`<style>${SITE_CSS}</style>`)
    expect(page).not.toMatch(/ style="/)
    expect(page).toContain('<title>T · Acme &lt;Status&gt;</title>')
  })
})

describe('link previews and the favicon of every page', () => {
  const settings = {
    siteName: 'Acme <Status>',
    description: 'Status of Acme',
    timeZone: 'UTC',
    logo: null,
    favicon: null,
  }

  it('carry Open Graph and Twitter card tags: the page title, the site name, the page news or the site description, escaped', () => {
    const page = renderDocument({
      title: 'Slow "API"',
      settings,
      body: html`<p>x</p>`,
      description: 'We are <looking> into it.',
    })
    expect(page).toContain('<meta property="og:title" content="Slow &quot;API&quot; · Acme &lt;Status&gt;">')
    expect(page).toContain('<meta property="og:site_name" content="Acme &lt;Status&gt;">')
    expect(page).toContain('<meta property="og:description" content="We are &lt;looking&gt; into it.">')
    expect(page).toContain('<meta name="description" content="We are &lt;looking&gt; into it.">')
    expect(page).toContain('<meta name="twitter:card" content="summary">')
    expect(renderDocument({ title: 'History', settings, body: html`` })).toContain(
      '<meta property="og:description" content="Status of Acme">',
    )
    expect(
      renderDocument({ title: 'History', settings: { ...settings, description: null }, body: html`` }),
    ).not.toContain('og:description')
  })

  it('cut a long description to one line of at most 300 characters', () => {
    const page = renderDocument({
      title: 'T',
      settings,
      body: html``,
      description: `${'word '.repeat(100)}\n\nsecond paragraph`,
    })
    const content = /<meta property="og:description" content="([^"]*)">/.exec(page)?.[1] ?? ''
    expect([...content].length).toBeLessThanOrEqual(300)
    expect(content.endsWith('…')).toBe(true)
    expect(content).not.toContain('\n')
  })

  it('link the default favicon in the overall status read with the settings, unless the page gives its own or a favicon was uploaded', () => {
    expect(renderDocument({ title: 'T', settings: { ...settings, status: 'partial' }, body: html`` })).toContain(
      'href="/favicon.svg?status=partial"',
    )
    expect(renderDocument({ title: 'T', settings, body: html`` })).toContain('href="/favicon.svg"')
    const uploaded = {
      ...settings,
      status: 'major' as const,
      favicon: { url: '/api/media/file/icon.png', mimeType: 'image/png' },
    }
    expect(renderDocument({ title: 'T', settings: uploaded, body: html`` })).toContain(
      '<link rel="icon" href="/api/media/file/icon.png" type="image/png">',
    )
  })
})

describe('the pages', () => {
  const settings = { siteName: 'Acme', description: null, timeZone: 'UTC', logo: null, favicon: null }
  const incident = (title: string, createdAt: string, resolvedAt: string) => ({
    shortId: title,
    title,
    status: 'resolved' as const,
    url: '',
    affectedServices: [],
    createdAt,
    updatedAt: resolvedAt,
    resolvedAt,
    postmortem: null,
    updates: [{ status: 'resolved' as const, message: `${title} fixed`, createdAt: resolvedAt }],
  })

  it('list the past 7 days by when each incident was resolved, newest first, whatever order they were created in', () => {
    const summary = {
      status: 'operational' as const,
      message: null,
      siteName: 'Acme',
      serviceGroups: [],
      activeIncidents: [],
      activeMaintenances: [],
    }
    // As the list query returns them: the newest record first, though it was back-dated and resolved days ago.
    const recent = [
      incident('Backfilled', '2026-03-09T12:00:00.000Z', '2026-03-05T10:00:00.000Z'),
      incident('Today', '2026-03-09T08:00:00.000Z', '2026-03-09T09:00:00.000Z'),
    ]
    const page = homePage(summary, recent, settings, { email: true, sms: false })
    expect(page.indexOf('>Today<')).toBeGreaterThan(0)
    expect(page.indexOf('>Today<')).toBeLessThan(page.indexOf('>Backfilled<'))
  })

  it('give an incident one status line and a link back to the current status', () => {
    const page = incidentPage(incident('Slow', '2026-03-09T08:00:00.000Z', '2026-03-09T09:00:00.000Z'), settings)
    expect(page).toContain('<a href="/"><span aria-hidden="true">← </span>Current status</a>')
    expect(page.match(/Resolved/g)?.length).toBeLessThanOrEqual(3) // the badge twice (card and timeline) and "Resolved after"
    expect(page).not.toContain('Current status: ')
    expect(page).toContain('<meta property="og:description" content="Slow fixed">')
  })

  it('stay light at 1,000 services: at most 500 KB, 100 KB with gzip, every service named with its status', () => {
    expect(barsInline(30)).toBe(true)
    expect(barsInline(INLINE_BARS_MAX_SERVICES + 1)).toBe(false)
    const statuses = ['operational', 'operational', 'operational', 'degraded', 'major'] as const
    const serviceGroups = Array.from({ length: 50 }, (_, g) => {
      const services = Array.from({ length: 20 }, (_, i) => {
        const n = g * 20 + i
        return {
          slug: `service-${n}`,
          name: `Service ${n}`,
          description: n % 3 ? `The Service ${n} service.` : null,
          status: n % 7 ? ('operational' as const) : statuses[n % 5],
          updatedAt: '2026-03-09T12:00:00.000Z',
        }
      })
      return {
        slug: `region-${g}`,
        name: `Region ${g}`,
        description: `Services hosted in Region ${g}.`,
        status: services.some((s) => s.status !== 'operational') ? ('major' as const) : ('operational' as const),
        services,
      }
    })
    const summary = {
      status: 'major' as const,
      message: null,
      siteName: 'Acme',
      serviceGroups,
      activeIncidents: [],
      activeMaintenances: [],
    }
    const page = homePage(summary, [], settings, { email: true, sms: false }, null)
    for (const group of serviceGroups)
      for (const s of group.services) expect(page).toContain(`<a href="/s/${s.slug}">${s.name}</a>`)
    expect(page.match(/<span class="badge s-\w+"><span class="icon"/g)?.length).toBe(1000 + 50)
    expect(Buffer.byteLength(page)).toBeLessThan(500_000)
    expect(gzipSync(page).length).toBeLessThan(100_000)
  })
})
