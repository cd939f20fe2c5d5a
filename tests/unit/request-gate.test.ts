import { describe, expect, it } from 'vitest'

import { enter, exclusively, whileClosed } from '../../src/runtime/request-gate'

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
    await exclusively(async () => {
      ran = true
    }, { drainMs: 20 })
    expect(ran).toBe(true)
    stuck()
  })

  it('opens again when the work fails', async () => {
    await expect(exclusively(async () => Promise.reject(new Error('reset failed')))).rejects.toThrow('reset failed')
    expect(whileClosed()).toBeNull()
  })
})
