/** Which addresses are feeds (a private page's feed token opens these and nothing else). */
import { describe, expect, it } from 'vitest'

import { isFeedPath, isSubjectFeedPath, PAGE_FEED_PATHS } from '@/domain/feed-paths'

describe('the feed paths', () => {
  it("are the page's feeds and calendar, and a service's or group's under its page's path", () => {
    for (const path of [...PAGE_FEED_PATHS, '/s/api/feed.atom', '/s/api/feed.rss', '/g/core/maintenances.ics'])
      expect(isFeedPath(path), path).toBe(true)
    expect(isSubjectFeedPath('/feed.atom')).toBe(false)
  })

  it('are nothing else: not the pages, not an incident, not a deeper or other file', () => {
    for (const path of [
      '/',
      '/s/api',
      '/g/core',
      '/i/abc/feed.atom',
      '/m/abc/maintenances.ics',
      '/s/api/history.atom',
      '/s/a/b/feed.atom',
      '/s//feed.atom',
      '/s/api/feed.atom/x',
      '/api/v1/status',
    ])
      expect(isFeedPath(path), path).toBe(false)
  })
})
