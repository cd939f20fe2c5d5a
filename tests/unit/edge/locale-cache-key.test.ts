/**
 * `?locale` (docs/api.md) changes the texts of every /api/v1 and /api/v2 answer, so the edge's cache key keeps it
 * there, each value apart, and nowhere else: the pages and feeds take their language from the path.
 */
import { describe, expect, it } from 'vitest'

import { canonicalQuery } from '@/edge/public-paths'

const API_PATHS = [
  '/api/v1/status',
  '/api/v1/services',
  '/api/v1/incidents',
  '/api/v1/incidents/k3x9q2',
  '/api/v1/maintenances',
  '/api/v1/maintenances/k3x9q2',
  '/api/v1/uptime',
  '/api/v1/openapi.json',
  '/api/v2/summary.json',
  '/api/v2/status.json',
  '/api/v2/components.json',
  '/api/v2/incidents.json',
  '/api/v2/incidents/unresolved.json',
  '/api/v2/scheduled-maintenances.json',
  '/api/v2/scheduled-maintenances/upcoming.json',
  '/api/v2/scheduled-maintenances/active.json',
]

describe('the cache key of the public APIs', () => {
  it('keeps ?locale, so each language and no language are cached apart', () => {
    for (const path of API_PATHS) {
      expect(canonicalQuery(path, '?locale=de'), path).toBe('?locale=de')
      expect(canonicalQuery(path, '?_=1&locale=pt-br'), path).toBe('?locale=pt-br')
      expect(canonicalQuery(path, '?locale=ja'), path).not.toBe(canonicalQuery(path, ''))
      expect(canonicalQuery(path, '?locale=ja'), path).not.toBe(canonicalQuery(path, '?locale=de'))
      expect(canonicalQuery(path, '?_=1'), path).toBe('')
    }
  })

  it('keeps the other parameters as before, sorted with it', () => {
    expect(canonicalQuery('/api/v1/incidents', '?status=active&locale=fr&limit=5')).toBe(
      '?limit=5&locale=fr&status=active',
    )
    expect(canonicalQuery('/api/v1/status', '?pretty&locale=ar')).toBe('?locale=ar&pretty=')
    // /api/v2 reads no other parameter: `?pretty` stays out of its key.
    expect(canonicalQuery('/api/v2/summary.json', '?pretty&locale=de')).toBe('?locale=de')
  })

  it('is not read by the pages and feeds, whose language is in the path', () => {
    for (const path of ['/', '/history', '/feed.atom', '/feed.rss', '/maintenances.ics', '/i/k3x9q2'])
      expect(canonicalQuery(path, '?locale=de'), path).toBe('')
    expect(canonicalQuery('/history', '?locale=de&page=2')).toBe('?page=2')
  })
})
