import { afterEach, describe, expect, it } from 'vitest'

import { setEdgeHealthProbe } from '@/runtime/health'
import { sharedPerVersion } from '@/runtime/version-memo'

afterEach(() => setEdgeHealthProbe(() => ({})))

describe('a read shared per version', () => {
  it('reads once per version, and again when the version moves', async () => {
    let version = 1
    let reads = 0
    const read = sharedPerVersion(
      () => version,
      async (label: string) => `${label} ${++reads}`,
    )
    expect(await Promise.all([read('a'), read('b')])).toEqual(['a 1', 'a 1'])
    version = 2
    expect(await read('c')).toBe('c 2')
    expect(await read('d')).toBe('c 2')
  })

  it('does not keep a failed read', async () => {
    let reads = 0
    const read = sharedPerVersion(
      () => 7,
      async () => {
        reads += 1
        if (reads === 1) throw new Error('database down')
        return reads
      },
    )
    await expect(read()).rejects.toThrow('database down')
    expect(await read()).toBe(2)
    expect(await read()).toBe(2)
  })

  it('reads every time while other instances’ writes may go unheard (Redis down)', async () => {
    let reads = 0
    const read = sharedPerVersion(
      () => 1,
      async () => ++reads,
    )
    setEdgeHealthProbe(() => ({ redis: 'down' }))
    expect(await read()).toBe(1)
    expect(await read()).toBe(2)
    // Heard again, the last read is shared (the bus bumps the version itself when it reconnects).
    setEdgeHealthProbe(() => ({ redis: 'up' }))
    expect(await read()).toBe(2)
  })
})
