import { describe, expect, it } from 'vitest'

import { endpointSpellingPlan } from '@/domain/endpoint-spellings'

const row = (id: number, url: string, active = true, verified = true) => ({ id, url, active, verified })

describe('bringing stored endpoints to one spelling', () => {
  it('rewrites a lone row stored as given, and leaves one already in its spelling alone', () => {
    expect(endpointSpellingPlan([row(1, 'https://a.example/hook#x'), row(2, 'https://b.example/hook')])).toEqual({
      writes: [{ id: 1, url: 'https://a.example/hook' }],
      unsubscribe: [],
    })
  })

  it('keeps the confirmed, active row of an endpoint and unsubscribes its other active spellings', () => {
    const plan = endpointSpellingPlan([
      row(1, 'https://a.example/hook', false, true),
      row(2, 'https://a.example/hook?', true, false),
      row(3, 'https://A.example/hook#1', true, true),
      row(4, 'https://a.example./hook', true, true),
    ])
    expect(plan.unsubscribe.sort()).toEqual([2, 4])
    // Row 1 held the spelling row 3 takes: it takes row 3's old one, through a free step, so no two rows share one.
    expect(plan.writes).toEqual([
      { id: 1, url: null },
      { id: 3, url: 'https://a.example/hook' },
      { id: 1, url: 'https://A.example/hook#1' },
    ])
  })
})
