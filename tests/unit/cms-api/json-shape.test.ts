import { describe, expect, it } from 'vitest'

import { jsonNesting, jsonNestingError, MAX_JSON_NESTING } from '@/cms-api/json-shape'

describe('jsonNesting', () => {
  it('counts levels without recursion, and stops early past the limit', () => {
    expect(jsonNesting(1)).toBe(0)
    expect(jsonNesting({ a: [{ b: 1 }] })).toBe(3)
    let deep: unknown = 0
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(jsonNesting(deep)).toBe(MAX_JSON_NESTING + 1)
    expect(jsonNestingError(deep)).toMatch(/nested too deeply/)
    expect(jsonNestingError({ a: { b: { c: 1 } } })).toBeNull()
  })
})
