import { describe, expect, it } from 'vitest'

import { enter, exclusively, holdsReads, readConsistently, ReadsHeldError, whileClosed } from '@/runtime/request-gate'

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('the request gate', () => {
  it('runs exclusive work only once the requests inside have left, and holds new ones until it is done', async () => {
    const order: string[] = []
    const leave = enter() // a request already inside
    const work = exclusively(async () => {
      order.push('work')
      expect(whileClosed()).not.toBeNull() // new requests wait meanwhile
    })
    await tick()
    expect(order).toEqual([]) // still waiting for the request inside
    const arriving = (async () => {
      for (let closed = whileClosed(); closed; closed = whileClosed()) await closed
      order.push('new request')
    })()
    leave()
    await work
    await arriving
    expect(order).toEqual(['work', 'new request'])
    expect(whileClosed()).toBeNull()
  })

  it('does not wait for ever for a request that never leaves', async () => {
    const stuck = enter()
    let ran = false
    await exclusively(
      async () => {
        ran = true
      },
      { drainMs: 20 },
    )
    expect(ran).toBe(true)
    stuck()
  })

  it('opens again when the work fails', async () => {
    await expect(exclusively(async () => Promise.reject(new Error('reset failed')))).rejects.toThrow('reset failed')
    expect(whileClosed()).toBeNull()
  })

  it('makes a public read again when a reset began while it ran, and not before the reset is done', async () => {
    const seen: string[] = []
    let data = 'before'
    let release!: () => void
    const firstReadHeld = new Promise<void>((resolve) => (release = resolve))
    let reads = 0
    const reading = readConsistently(async () => {
      reads += 1
      const first = data
      if (reads === 1) await firstReadHeld // still reading when the reset starts: a page of several queries
      return `${first}/${data}`
    })
    const reset = exclusively(
      async () => {
        data = 'half'
        seen.push(`during: reads held ${holdsReads()}`)
        data = 'after'
      },
      { drainMs: 0 },
    )
    release()
    await reset
    expect(await reading).toBe('after/after')
    expect(reads).toBe(2)
    expect(seen).toEqual(['during: reads held true'])
  })

  it('holds public reads after a failure that left its changes made, until a reset succeeds', async () => {
    const failing = exclusively(async () => Promise.reject(new Error('failed after the wipe')), {
      failureLeavesChanges: () => true,
    })
    await expect(failing).rejects.toThrow('failed after the wipe')
    expect(whileClosed()).toBeNull() // the admin and the CMS go on
    expect(holdsReads()).toBe(true)
    await expect(readConsistently(async () => 'half wiped')).rejects.toBeInstanceOf(ReadsHeldError)
    // A failure that undid itself (a transaction rolled back) changes nothing.
    await expect(exclusively(async () => Promise.reject(new Error('rolled back')))).rejects.toThrow('rolled back')
    expect(holdsReads()).toBe(true)
    await exclusively(async () => undefined)
    expect(holdsReads()).toBe(false)
    expect(await readConsistently(async () => 'whole')).toBe('whole')
  })
})
