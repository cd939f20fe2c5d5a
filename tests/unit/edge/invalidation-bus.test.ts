/**
 * The invalidation bus against a real Redis (a redis-server this file starts on a free port). Instance A reaches
 * Redis for publishing through a TCP relay the test can cut, so A loses Redis while B's connections stay up: the
 * case where a failed publish used to be lost (code review B7).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, connect, type Server, type Socket } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type InvalidationBus, startInvalidationBus } from '@/edge/invalidation-bus'
import { createRedis } from '@/edge/redis'
import type { DataChange, DataChangeListener } from '@/runtime/data-version'
import { freePort } from '../../helpers/service'

let redis: ChildProcess
let redisPort: number

beforeAll(async () => {
  redisPort = await freePort()
  redis = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: 'ignore' },
  )
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(redisPort, '127.0.0.1', () => resolve(true))
      socket.on('error', () => resolve(false))
      socket.on('connect', () => socket.end())
    })
    if (up) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
})

afterAll(() => {
  redis?.kill('SIGKILL')
})

/** A TCP relay to Redis that can be cut (every connection dropped, no new ones) and restored on the same port. */
async function relay() {
  const port = await freePort()
  const sockets = new Set<Socket>()
  let server: Server | undefined
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(redisPort, '127.0.0.1')
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => {})
        }
        client.pipe(upstream).pipe(client)
      })
      server.listen(port, '127.0.0.1', resolve)
    })
  await open()
  return {
    url: `redis://127.0.0.1:${port}`,
    /** Half-open: the connections stay up and nothing passes either way (new connections pass). */
    freeze: () => {
      for (const socket of sockets) socket.pause()
    },
    cut: () =>
      new Promise<void>((resolve) => {
        server?.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      }),
    restore: open,
  }
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20))
}

/** A bus with its own "local changes" and a counter of the peer changes it applied. */
function instance(publisherUrl: string, subscriberUrl = `redis://127.0.0.1:${redisPort}`, heartbeatMs = 0) {
  let local: DataChangeListener = () => {}
  const publisher = createRedis(publisherUrl, 'test publisher')
  const state = {
    peerChanges: 0,
    heard: [] as DataChange[],
    change: (change: DataChange = { services: false }) => local(1, change),
    publisher,
    bus: undefined as unknown as InvalidationBus,
  }
  const subscriber = createRedis(subscriberUrl, 'test subscriber', { queueWhileOffline: true })
  state.bus = startInvalidationBus(publisher, subscriber, {
    onPeerChange: (change) => {
      state.peerChanges++
      state.heard.push(change)
    },
    heartbeatMs,
    onLocalChange: (listener) => {
      local = listener
      return () => (local = () => {})
    },
    retryMs: 50,
    log: () => {},
  })
  return state
}

describe('the invalidation bus', () => {
  it('delivers a change published while the publisher had lost Redis once it is back, and says it is unhealthy meanwhile', async () => {
    const link = await relay()
    const a = instance(link.url)
    const b = instance(`redis://127.0.0.1:${redisPort}`)
    await until(() => a.bus.healthy() && b.bus.healthy())

    a.change()
    await until(() => b.peerChanges === 1)

    await link.cut()
    await until(() => a.publisher.status !== 'ready')
    a.change() // the publish fails: A cannot reach Redis
    expect(a.bus.healthy()).toBe(false)
    expect(b.peerChanges).toBe(1)
    expect(b.bus.healthy()).toBe(true)

    await link.restore()
    await until(() => b.peerChanges === 2)
    await until(() => a.bus.healthy())
    await a.bus.close()
    await b.bus.close()
  }, 30_000)
})

describe('what the bus carries', () => {
  it('tells peers the paths a change took back, and a change that took nothing back as before', async () => {
    const a = instance(`redis://127.0.0.1:${redisPort}`)
    const b = instance(`redis://127.0.0.1:${redisPort}`)
    await until(() => a.bus.healthy() && b.bus.healthy())
    a.change({ services: false, withdrawn: ['/i/abc', '/api/v1/incidents/abc'] })
    await until(() => b.peerChanges === 1)
    a.change()
    await until(() => b.peerChanges === 2)
    expect(b.heard).toEqual([{ services: true, withdrawn: ['/i/abc', '/api/v1/incidents/abc'] }, { services: true }])
    await a.bus.close()
    await b.bus.close()
  }, 30_000)

  it('tells peers the pages a change touched, and every page once a change waiting with it did not say', async () => {
    const a = instance(`redis://127.0.0.1:${redisPort}`)
    const b = instance(`redis://127.0.0.1:${redisPort}`)
    await until(() => a.bus.healthy() && b.bus.healthy())
    a.change({ services: true, pages: [0, 3] })
    await until(() => b.peerChanges === 1)
    expect(b.heard).toEqual([{ services: true, pages: [0, 3] }])
    // The first goes at once; the two after it wait for it and go as one: with every page, as the last did not say.
    a.change({ services: false, pages: [1] })
    a.change({ services: false, pages: [2] })
    a.change({ services: false })
    a.change({ services: false, pages: [5] })
    a.change({ services: false, pages: [6] })
    await until(() => b.peerChanges >= 3)
    expect(b.heard.slice(1)).toEqual([{ services: true, pages: [1] }, { services: true }])
    a.change({ services: false, pages: [5] })
    await until(() => b.peerChanges >= 4)
    expect(b.heard[3]).toEqual({ services: true, pages: [5] })
    await a.bus.close()
    await b.bus.close()
  }, 30_000)

  it('notices a subscriber that stopped hearing (half-open), says it is unhealthy, and reconnects', async () => {
    const link = await relay()
    const a = instance(`redis://127.0.0.1:${redisPort}`)
    const b = instance(`redis://127.0.0.1:${redisPort}`, link.url, 200)
    await until(() => a.bus.healthy() && b.bus.healthy())
    link.freeze()
    a.change()
    await until(() => !b.bus.healthy())
    expect(b.peerChanges).toBe(0)
    // Reconnected through a new connection: it counts what it may have missed as a change, and hears again.
    await until(() => b.bus.healthy())
    const missed = b.peerChanges
    expect(missed).toBeGreaterThanOrEqual(1)
    a.change()
    await until(() => b.peerChanges === missed + 1)
    await a.bus.close()
    await b.bus.close()
    await link.cut()
  }, 30_000)

  it('tells a subscriber that was away the paths taken back meanwhile, once it is back', async () => {
    const link = await relay()
    const a = instance(`redis://127.0.0.1:${redisPort}`)
    const b = instance(`redis://127.0.0.1:${redisPort}`, link.url)
    await until(() => a.bus.healthy() && b.bus.healthy())
    await link.cut()
    await until(() => !b.bus.healthy())
    a.change({ services: false, withdrawn: ['/i/away', '/api/v1/incidents/away'] })
    await until(() => a.bus.healthy())
    expect(b.peerChanges).toBe(0)
    await link.restore()
    await until(() => b.heard.some((change) => change.withdrawn?.includes('/i/away')))
    expect(b.heard).toContainEqual({ services: true, withdrawn: ['/i/away', '/api/v1/incidents/away'] })
    await a.bus.close()
    await b.bus.close()
  }, 30_000)
})
