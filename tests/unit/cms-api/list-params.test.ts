import { describe, expect, it } from 'vitest'

import { clientLimit, MAX_CLIENT_LIMIT } from '@/cms-api/list-params'

describe('clientLimit', () => {
  it('reads 0 and anything above the maximum as the maximum', () => {
    expect([clientLimit(0), clientLimit('0'), clientLimit(101), clientLimit('5000')]).toEqual([
      MAX_CLIENT_LIMIT,
      MAX_CLIENT_LIMIT,
      MAX_CLIENT_LIMIT,
      MAX_CLIENT_LIMIT,
    ])
    expect([clientLimit(1), clientLimit('25'), clientLimit(100)]).toEqual([1, 25, 100])
  })
})
