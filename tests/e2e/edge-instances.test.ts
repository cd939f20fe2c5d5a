/**
 * Two instances of the built server (`npm start`) on one PostgreSQL and one Redis: a write on one invalidates the
 * other's cache, one rate budget between them, and both go on (and say so in health) while Redis is away.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomInt } from 'node:crypto'
import { connect } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createService, redisUrl, startCounting } from '../helpers/edge'
import {
  type Answer,
  call,
  createUserKey,
  dropPostgres,
  freePort,
  postgresEnv,
  type Started,
  stopServices,
} from '../helpers/service'

afterAll(() => stopServices())

describe('two instances on one PostgreSQL and Redis', () => {
  let one: Started
  let two: Started
  let auth: Record<string, string>

  beforeAll(async () => {
    const env = {
      ...(await postgresEnv('edge_')),
      REDIS_URL: redisUrl,
      TRUSTED_PROXIES: 'loopback',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '4',
    }
    one = await startCounting(env)
    two = await startCounting(env) // after the first has migrated
    auth = { authorization: `users API-Key ${await createUserKey(one, 'editor')}` }
  })

  afterAll(async () => {
    stopServices([one, two])
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await dropPostgres(one?.env.DATABASE_URL)
  })

  // A fresh address per run: the budget lives in Redis for a minute.
  // IPv6 clients are limited per /64: a fresh /64 per client.
  const client = () => `2001:db8:${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}::1`

  it('a write on one instance invalidates the other instance’s cache', async () => {
    const url = '/api/v1/services'
    const reader = client()
    const read = (server: Started) => call(`${server.base}${url}`, { headers: { 'x-forwarded-for': reader } })
    await read(two)
    expect((await read(two)).headers['x-cache']).toBe('HIT')
    await createService(one.base, auth, 'Across instances')
    // The bump travels over Redis pub/sub: wait for it to arrive, without a time limit of our own.
    let answer = await read(two)
    for (let i = 0; i < 50 && answer.headers['x-cache'] === 'HIT'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      answer = await call(`${two.base}${url}`, { headers: { 'x-forwarded-for': client() } })
    }
    expect(answer.json().data.map((service: any) => service.name)).toContain('Across instances')
  })

  it('shares one rate budget', async () => {
    const who = client()
    const read = (server: Started) => call(`${server.base}/api/v1/status`, { headers: { 'x-forwarded-for': who } })
    expect((await read(one)).status).toBe(200)
    expect((await read(two)).status).toBe(200)
    expect((await read(one)).status).toBe(200)
    const fourth = await read(two)
    expect(fourth.status).toBe(200)
    expect(fourth.headers['ratelimit-remaining']).toBe('0')
    expect((await read(one)).status).toBe(429)
    expect((await read(two)).status).toBe(429)
    // Another address in the same /64 is the same client.
    const neighbour = who.replace(/::1$/, '::beef')
    expect((await call(`${one.base}/api/v1/status`, { headers: { 'x-forwarded-for': neighbour } })).status).toBe(429)
  })
})

describe('two instances on one PostgreSQL while their Redis goes away and comes back', () => {
  let one: Started
  let two: Started
  let auth: Record<string, string>
  let redisPort: number
  let redis: ChildProcess | undefined

  /** A redis-server of our own, so the test can kill it; resolves once it accepts connections. */
  async function startRedis(): Promise<void> {
    redis = spawn(
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      { stdio: 'ignore' },
    )
    for (;;) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = connect(redisPort, '127.0.0.1', () => {
          socket.end()
          resolve(true)
        })
        socket.on('error', () => resolve(false))
      })
      if (up) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  function stopRedis(): Promise<void> {
    const child = redis
    redis = undefined
    if (!child || child.exitCode !== null) return Promise.resolve()
    return new Promise((resolve) => {
      child.once('exit', () => resolve())
      child.kill('SIGKILL')
    })
  }

  const health = async (server: Started) => (await call(`${server.base}/api/health`)).json()

  /** Reads `url` on `server` until `done` says yes; the bound only ends a test that would otherwise never finish. */
  async function readUntil(server: Started, url: string, done: (answer: Answer) => boolean): Promise<Answer> {
    let answer = await call(`${server.base}${url}`)
    for (let i = 0; i < 100 && !done(answer); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      answer = await call(`${server.base}${url}`)
    }
    return answer
  }

  beforeAll(async () => {
    redisPort = await freePort()
    await startRedis()
    const env = {
      ...(await postgresEnv('edge_outage_')),
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
    }
    one = await startCounting(env)
    two = await startCounting(env)
    auth = { authorization: `users API-Key ${await createUserKey(one, 'editor')}` }
  })

  afterAll(async () => {
    stopServices([one, two])
    await stopRedis()
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await dropPostgres(one?.env.DATABASE_URL)
  })

  it('shows a write on one instance on the other while Redis is down and after it is back, and reports the outage in health', async () => {
    const url = '/api/v1/services'
    const names = (answer: Answer) => answer.json().data.map((service: any) => service.name) as string[]
    expect(await health(one)).toEqual({ status: 'ok', database: 'up', redis: 'up' })
    await call(`${two.base}${url}`)
    expect((await call(`${two.base}${url}`)).headers['x-cache']).toBe('HIT')

    await stopRedis()
    await readUntil(one, '/api/health', (answer) => answer.json().status === 'degraded')
    expect(await health(one)).toEqual({ status: 'degraded', database: 'up', redis: 'down' })
    const down = await call(`${one.base}/api/health`)
    expect(down.status).toBe(200)

    const id = await createService(one.base, auth, 'While Redis is down')
    const seen = await readUntil(two, url, (answer) => names(answer).includes('While Redis is down'))
    expect(names(seen)).toContain('While Redis is down')

    await startRedis()
    await readUntil(one, '/api/health', (answer) => answer.json().status === 'ok')
    await readUntil(two, '/api/health', (answer) => answer.json().status === 'ok')
    expect(await health(two)).toEqual({ status: 'ok', database: 'up', redis: 'up' })
    const patched = await call(`${one.base}/api/services/${id}`, {
      method: 'PATCH',
      headers: auth,
      body: { name: 'After Redis came back' },
    })
    expect(patched.status).toBe(200)
    const after = await readUntil(two, url, (answer) => names(answer).includes('After Redis came back'))
    expect(names(after)).toContain('After Redis came back')
  })
})
