/**
 * The edge's cache key keeps every query parameter a route reads (style finding 2): a parameter the route's schema
 * reads but the key drops would give one cached answer for every value.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { PAGE_FEED_PATHS } from '@/domain/feed-paths'
import { canonicalQuery } from '@/edge/public-paths'
import { API_QUERIES } from '@/public-api/schemas'
import * as schemas from '@/public-api/schemas'

const API_DIR = path.resolve(__dirname, '../../../src/app/api/v1')

/** Every /api/v1 route file, with its path (`[param]` segments kept). */
function routeFiles(dir = API_DIR, prefix = '/api/v1'): { route: string; source: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return routeFiles(full, `${prefix}/${entry.name}`)
    return entry.name === 'route.ts' ? [{ route: prefix, source: readFileSync(full, 'utf8') }] : []
  })
}

describe('the cache key and the route schemas', () => {
  it('keeps every parameter of every route schema, each value apart', () => {
    for (const [route, schema] of Object.entries(API_QUERIES)) {
      for (const name of Object.keys(schema.shape)) {
        expect(canonicalQuery(route, `?${name}=1`), `${route} ?${name}`).toBe(`?${name}=1`)
        expect(canonicalQuery(route, `?${name}=2&_=9`), `${route} ?${name}`).toBe(`?${name}=2`)
      }
      expect(canonicalQuery(route, '?pretty'), route).toBe('?pretty=')
    }
  })

  it('knows the schema each /api/v1 route parses its query with', () => {
    const files = routeFiles()
    expect(files.length).toBeGreaterThan(3)
    for (const { route, source } of files) {
      const parsed = [...source.matchAll(/parseQuery\(request, (\w+)[,)]/g)].map((m) => m[1])
      if (parsed.length === 0) {
        // A route without a query schema reads `?pretty` only: any other parameter is dropped from the key.
        expect(canonicalQuery(route, '?x=1&pretty'), route).toBe('?pretty=')
        continue
      }
      expect(parsed, route).toHaveLength(1)
      const schema = (schemas as Record<string, unknown>)[parsed[0]]
      expect(schema, `${route}: ${parsed[0]}`).toBeDefined()
      expect((API_QUERIES as Record<string, unknown>)[route], `${route} is missing from API_QUERIES`).toBe(schema)
    }
  })
})

describe("a private page's feed token", () => {
  it('is never part of a cache key: the feeds read no parameter', () => {
    // A private page's reads bypass the cache with their query intact (src/edge/front.ts); a read the edge does not
    // yet know is private is keyed without the token, and Next's gate answers it 401, which nothing keeps.
    for (const path of [...PAGE_FEED_PATHS, '/s/api/feed.atom', '/g/core/maintenances.ics'])
      expect(canonicalQuery(path, `?token=spl_${'a'.repeat(43)}`), path).toBe('')
  })
})

describe("a badge's cache key", () => {
  it('keeps ?label and ?style, each value apart, and nothing else', () => {
    for (const path of ['/badge/status.svg', '/badge/service/api/uptime/30d.json', '/badge/nothing'])
      expect(canonicalQuery(path, '?style=flat&_=1&label=A%20B&pretty&locale=de'), path).toBe('?label=A+B&style=flat')
  })
})
