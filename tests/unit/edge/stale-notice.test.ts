/**
 * The notice on a page served as a last good copy (src/edge/response-cache.ts) speaks the page's language: the words
 * the page put on its <main> (`data-stale`, src/site/layout.ts), with the time where `{time}` is; English without.
 */
import { describe, expect, it } from 'vitest'

import { withStaleNotice } from '@/edge/response-cache'
import { translator } from '@/i18n/translate'

const storedAt = Date.parse('2026-11-29T04:05:00Z')
const page = (main: string) => Buffer.from(`<html><body>${main}<h1>Status</h1></main></body></html>`)

describe('the stale notice', () => {
  it("is in the page's language, its words escaped as the page wrote them", () => {
    const words = translator('de')('site.staleNotice', { time: '{time}' })
    const body = withStaleNotice(page(`<main id="main" data-stale="${words}">`), 'text/html; charset=utf-8', storedAt)
    expect(body.toString()).toContain(
      '<p class="stale-notice" role="status">Diese Seite konnte nicht aktualisiert werden; sie zeigt den Status vom <time datetime="2026-11-29T04:05:00.000Z">2026-11-29 04:05 UTC</time>.</p><h1>',
    )
  })

  it('is English on a page without words of its own, or with words that have no place for the time', () => {
    for (const main of ['<main id="main">', '<main id="main" data-stale="nothing to see">']) {
      const body = withStaleNotice(page(main), 'text/html', storedAt).toString()
      expect(body).toContain('This page could not be refreshed; it shows the status as of <time')
    }
  })
})
