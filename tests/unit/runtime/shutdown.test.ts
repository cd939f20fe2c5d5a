/**
 * The shutdown's steps inside the process (src/runtime/shutdown.ts, src/runtime/repeat.ts): once stopping, no loop
 * starts another run, stopAllRepeating waits for the run under way, and the closers run newest first, each one even
 * when another failed. The whole stop (signals, connections) is tests/e2e/shutdown.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

import { repeat, stopAllRepeating } from '@/runtime/repeat'
import { beginShutdown, isStopping, onShutdown, runClosers } from '@/runtime/shutdown'

afterEach(() => vi.useRealTimers())

describe('the shutdown of the background loops and connections', () => {
  it('waits for the run under way, starts no other, and closes newest first', async () => {
    vi.useFakeTimers()
    let runs = 0
    let finish: () => void = () => {}
    repeat(
      'test-loop',
      1000,
      () => {
        runs += 1
        return new Promise<void>((resolve) => (finish = resolve))
      },
      () => {},
    )
    await vi.advanceTimersByTimeAsync(1000)
    expect(runs).toBe(1)

    beginShutdown()
    expect(isStopping()).toBe(true)
    let stopped = false
    const stopping = stopAllRepeating().then(() => (stopped = true))
    await vi.advanceTimersByTimeAsync(5000)
    expect(stopped).toBe(false) // the run under way is still going
    expect(runs).toBe(1) // and no other started
    finish()
    await stopping
    expect(stopped).toBe(true)

    const order: string[] = []
    const failures: string[] = []
    onShutdown('database', () => order.push('database'))
    onShutdown('broken', () => {
      throw new Error('already closed')
    })
    onShutdown('redis', async () => order.push('redis'))
    await runClosers((name, error) => failures.push(`${name}: ${(error as Error).message}`))
    expect(order).toEqual(['redis', 'database'])
    expect(failures).toEqual(['broken: already closed'])
  })
})
