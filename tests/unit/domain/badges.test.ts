/**
 * The badge addresses and options (src/domain/badges.ts): which paths name a badge, and which queries are refused.
 */
import { describe, expect, it } from 'vitest'

import { badgeFormatOf, badgeOptions, isBadgePath, parseBadgePath } from '@/domain/badges'

const parse = (path: string) => parseBadgePath(path.split('/'))

describe('a badge address', () => {
  it('names the page, a group or a service, a metric and a form', () => {
    expect(parse('status.svg')).toEqual({ subject: { kind: 'page' }, metric: { kind: 'status' }, format: 'svg' })
    expect(parse('incidents.json')).toEqual({
      subject: { kind: 'page' },
      metric: { kind: 'incidents' },
      format: 'json',
    })
    expect(parse('uptime/30d.svg')).toEqual({
      subject: { kind: 'page' },
      metric: { kind: 'uptime', days: 30 },
      format: 'svg',
    })
    expect(parse('service/api/uptime/1d.json')).toEqual({
      subject: { kind: 'service', slug: 'api' },
      metric: { kind: 'uptime', days: 1 },
      format: 'json',
    })
    expect(parse('group/core/status.svg')?.subject).toEqual({ kind: 'group', slug: 'core' })
    for (const days of [1, 7, 30, 90]) expect(parse(`uptime/${days}d.svg`)?.metric).toEqual({ kind: 'uptime', days })
  })

  it('is nothing for any other path', () => {
    for (const path of [
      'status.png',
      'status',
      'uptime/14d.svg',
      'uptime/030d.svg',
      'uptime/07d.svg',
      'uptime.svg',
      '30d.svg',
      'service/status.svg',
      'service//status.svg',
      'page/x/status.svg',
      'service/api/extra/status.svg',
      'service/api/uptime/status.svg',
    ])
      expect(parse(path), path).toBeNull()
  })

  it('takes its form from the extension, a 404 included', () => {
    expect(badgeFormatOf('nothing.json')).toBe('json')
    expect(badgeFormatOf('nothing')).toBe('svg')
    expect(isBadgePath('/badge/status.svg')).toBe(true)
    expect(isBadgePath('/badges')).toBe(false)
  })
})

describe("a badge's options", () => {
  const options = (query: string) => badgeOptions(new URLSearchParams(query))

  it('reads ?label= (empty: no label) and ?style=, the last of each', () => {
    expect(options('')).toEqual({ options: { label: null, style: null } })
    expect(options('label=&style=flat&style=for-the-badge')).toEqual({
      options: { label: '', style: 'for-the-badge' },
    })
    expect(options(`label=${'語'.repeat(64)}`)).toEqual({ options: { label: '語'.repeat(64), style: null } })
  })

  it('names every parameter it refuses', () => {
    expect(options(`label=${'x'.repeat(65)}&style=plastic`)).toEqual({
      invalid: [
        { name: 'label', reason: 'must be at most 64 characters' },
        { name: 'style', reason: 'must be one of flat, flat-square, for-the-badge' },
      ],
    })
  })
})
