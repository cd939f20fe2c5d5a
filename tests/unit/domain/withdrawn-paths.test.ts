import { describe, expect, it } from 'vitest'

import { ownPublicPaths, showsOneRecord, withdrawnByDelete, withdrawnByUpdate } from '@/domain/withdrawn-paths'

describe('the public paths a record has of its own', () => {
  it('are its page and its /api/v1 document', () => {
    expect(ownPublicPaths('incidents', { shortId: 'abc' })).toEqual(['/i/abc', '/api/v1/incidents/abc'])
    expect(ownPublicPaths('maintenances', { shortId: 'xyz' })).toEqual(['/m/xyz', '/api/v1/maintenances/xyz'])
    expect(ownPublicPaths('services', { slug: 'api' })).toEqual(['/s/api'])
    expect(ownPublicPaths('service-groups', { slug: 'core' })).toEqual(['/g/core'])
    expect(ownPublicPaths('incidents', { shortId: '' })).toEqual([])
  })
})

describe('what a write takes back', () => {
  it('a delete: the paths of a published record; nothing of a draft, which was never public', () => {
    expect(withdrawnByDelete('incidents', { shortId: 'abc', draft: false })).toEqual([
      '/i/abc',
      '/api/v1/incidents/abc',
    ])
    expect(withdrawnByDelete('incidents', { shortId: 'abc', draft: true })).toBeNull()
    expect(withdrawnByDelete('services', { slug: 'api' })).toEqual(['/s/api'])
  })

  it('an update: a postmortem unpublished, or the old paths of a new slug; nothing otherwise', () => {
    const published = { shortId: 'abc', draft: false, postmortemPublishedAt: '2026-11-27T10:00:00.000Z' }
    expect(withdrawnByUpdate('incidents', published, { ...published, postmortemPublishedAt: null })).toEqual([
      '/i/abc',
      '/api/v1/incidents/abc',
    ])
    expect(withdrawnByUpdate('incidents', published, published)).toBeNull()
    expect(withdrawnByUpdate('incidents', { ...published, draft: true }, { ...published, draft: false })).toBeNull()
    expect(withdrawnByUpdate('services', { slug: 'api' }, { slug: 'public-api' })).toEqual(['/s/api'])
    expect(withdrawnByUpdate('services', { slug: 'api' }, { slug: 'api' })).toBeNull()
  })
})

describe('the paths that show one record', () => {
  it('are incident and maintenance pages and documents; lists, feeds and service pages show any', () => {
    for (const path of ['/i/abc', '/m/xyz', '/api/v1/incidents/abc', '/api/v1/maintenances/xyz'])
      expect(showsOneRecord(path), path).toBe(true)
    for (const path of [
      '/',
      '/history',
      '/feed.atom',
      '/s/api',
      '/g/core',
      '/api/v1/incidents',
      '/api/v2/summary.json',
    ])
      expect(showsOneRecord(path), path).toBe(false)
  })
})
