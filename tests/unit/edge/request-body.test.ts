/**
 * Request bodies at the edge (src/edge/request-body.ts) on a real node:http server, with a fake "Next" that reads
 * the whole body as Next does: a write without credentials is a 401 before its body is read, a body over its limit
 * a 413 (by Content-Length and while it streams), a body that stalls a 408, and every other body reaches Next whole.
 * Requests are written on raw sockets, so a test decides exactly what arrives and when.
 */
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { connect, type Socket } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { createClientAddress } from '@/edge/client-address'
import type { CredentialCheck } from '@/edge/credentials'
import { createFront } from '@/edge/front'
import { createLoopback } from '@/edge/loopback'
import { createRateLimiter } from '@/edge/rate-limit'
import { type BodyLimits, createBodyLedger } from '@/edge/request-body'

const LIMITS = { maxBytes: 64 * 1024, maxUploadBytes: 256 * 1024, timeoutMs: 300 }
const KEY = 'users API-Key x'
/** The credentials the tests' edge takes for real: KEY, at once. */
const knowsKey: CredentialCheck = (headers) => headers.authorization === KEY

let server: Server | undefined
let reachedNext: string[] = []
/** Requests the edge has taken (its handler ran), whether or not they reached Next. */
let arrived = 0
const stalled: Socket[] = []
afterEach(async () => {
  for (const socket of stalled.splice(0)) socket.destroy()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
})

async function start(
  options: { limits?: BodyLimits; credentials?: CredentialCheck; cmsPerMinute?: number } = {},
): Promise<number> {
  reachedNext = []
  const next = async (req: IncomingMessage, res: ServerResponse) => {
    reachedNext.push(`${req.method} ${req.url}`)
    const hash = createHash('sha256')
    let bytes = 0
    for await (const chunk of req) {
      hash.update(chunk as Buffer)
      bytes += (chunk as Buffer).length
    }
    const answer = JSON.stringify({ bytes, sha: hash.digest('hex') })
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) })
    res.end(answer)
  }
  const loopback = createLoopback({
    target: () => ({ host: '127.0.0.1', port: (server!.address() as { port: number }).port }),
  })
  const handler = createFront({
    next,
    clientAddress: createClientAddress([]),
    rateLimiter: null,
    cmsLimiter: options.cmsPerMinute ? createRateLimiter({ points: options.cmsPerMinute }) : null,
    cache: null,
    loopback,
    bodyLimits: options.limits ?? LIMITS,
    credentials: options.credentials ?? knowsKey,
  })
  arrived = 0
  server = createServer((req, res) => {
    arrived += 1
    void handler(req, res)
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return (server.address() as { port: number }).port
}

interface Raw {
  status: number
  headers: string
  body: string
}

/**
 * Sends `head` and then each part of `parts` (strings or byte counts of filler), stopping early once the server
 * answered; resolves with the answer when the server closes the connection or answers a kept-alive request.
 */
function raw(port: number, head: string, parts: (string | number)[] = []): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    let answered = false
    const done = () => {
      const [headers, ...rest] = received.split('\r\n\r\n')
      resolve({ status: Number(headers.split(' ')[1]), headers, body: rest.join('\r\n\r\n') })
    }
    socket.on('data', (data) => {
      received += data.toString()
      if (!answered && received.includes('\r\n\r\n')) {
        answered = true
        const length = /content-length: (\d+)/i.exec(received)
        const body = received.split('\r\n\r\n').slice(1).join('\r\n\r\n')
        if (length && Buffer.byteLength(body) >= Number(length[1])) {
          socket.destroy()
          done()
        }
      }
    })
    socket.on('close', () => (received ? done() : reject(new Error('closed without an answer'))))
    socket.on('error', () => undefined)
    socket.write(head)
    const send = async () => {
      for (const part of parts) {
        if (answered || socket.destroyed) return
        const chunk = typeof part === 'number' ? Buffer.alloc(part, 0x61) : part
        if (!socket.write(chunk)) await new Promise((r) => socket.once('drain', r))
      }
    }
    void send()
  })
}

/** Sends `head` and `part`, then nothing more until the test ends; resolves once the edge has taken the request. */
async function stall(port: number, head: string, part: string | number): Promise<Socket> {
  const before = arrived
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => undefined)
  stalled.push(socket)
  socket.write(head)
  socket.write(typeof part === 'number' ? Buffer.alloc(part, 0x61) : part)
  while (arrived === before) await new Promise((resolve) => setImmediate(resolve))
  return socket
}

const head = (method: string, path: string, headers: Record<string, string | number>) =>
  `${method} ${path} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`

describe('request bodies at the edge', () => {
  it('answers an anonymous CMS write 401 without reading its body', async () => {
    const port = await start()
    const answer = await raw(
      port,
      head('POST', '/api/incidents', { 'content-type': 'application/json', 'content-length': 200_000_000 }),
    )
    expect(answer.status).toBe(401)
    expect(JSON.parse(answer.body).errors[0].message).toMatch(/Authentication required/)
    expect(answer.headers).toMatch(/connection: close/i)
    expect(reachedNext).toEqual([])
  })

  it('lets strangers write where they may: login, GraphQL, the webhook, the site', async () => {
    const port = await start()
    for (const path of [
      '/api/users/login',
      '/api/graphql',
      `/api/integrations/webhook/spi_${'a'.repeat(43)}`,
      '/subscribe',
    ]) {
      const body = '{"a":1}'
      const answer = await raw(
        port,
        head('POST', path, { 'content-type': 'application/json', 'content-length': body.length }),
        [body],
      )
      expect(answer.status, path).toBe(200)
      expect(JSON.parse(answer.body).bytes).toBe(body.length)
    }
  })

  it('refuses a body announced over the limit with 413, before reading it', async () => {
    const port = await start()
    const answer = await raw(
      port,
      head('PATCH', '/api/services/1', {
        authorization: KEY,
        'content-type': 'application/json',
        'content-length': LIMITS.maxBytes + 1,
      }),
    )
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body).errors[0].message).toBe('The request body is too large: at most 64 KB.')
    expect(reachedNext).toEqual([])
  })

  it('refuses a chunked body with 413 once it streams past the limit', async () => {
    const port = await start()
    const chunk = (size: number) => `${size.toString(16)}\r\n${'a'.repeat(size)}\r\n`
    const parts = Array.from({ length: 20 }, () => chunk(16 * 1024))
    const answer = await raw(
      port,
      head('POST', '/api/incidents', {
        authorization: KEY,
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
      }),
      parts,
    )
    expect(answer.status).toBe(413)
    expect(reachedNext).toEqual([])
  })

  it('answers a body that stalls with 408 after the timeout', async () => {
    const port = await start()
    const answer = await raw(
      port,
      head('POST', '/api/users/login', { 'content-type': 'application/json', 'content-length': 1000 }),
      ['{"email":'],
    )
    expect(answer.status).toBe(408)
    expect(JSON.parse(answer.body).errors[0].message).toBe('The request body did not arrive within 0.3 seconds.')
    expect(reachedNext).toEqual([])
  })

  it('hands a body within the limit to Next whole, in any number of pieces', async () => {
    const port = await start()
    const body = 'x'.repeat(LIMITS.maxBytes)
    const pieces = Array.from({ length: 16 }, (_, index) => body.slice(index * 4096, (index + 1) * 4096))
    const answer = await raw(
      port,
      head('POST', '/api/incidents', {
        authorization: KEY,
        'content-type': 'application/json',
        'content-length': body.length,
      }),
      pieces,
    )
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toEqual({
      bytes: body.length,
      sha: createHash('sha256').update(body).digest('hex'),
    })
  })

  it('gives uploads with credentials their own limit, and strangers the plain one', async () => {
    const port = await start()
    const size = LIMITS.maxBytes * 2
    const multipart = { 'content-type': 'multipart/form-data; boundary=x', 'content-length': size }
    const upload = await raw(port, head('POST', '/api/media', { authorization: KEY, ...multipart }), [size])
    expect(upload.status).toBe(200)
    expect(JSON.parse(upload.body).bytes).toBe(size)
    const stranger = await raw(port, head('POST', '/api/users/login', multipart))
    expect(stranger.status).toBe(413)
  })

  it('gives the upload allowance only to credentials that were verified: a forged session or key gets the plain one', async () => {
    const port = await start()
    const size = LIMITS.maxBytes * 2
    const multipart = { 'content-type': 'multipart/form-data; boundary=x', 'content-length': size }
    const forgeries: Record<string, string>[] = [
      { cookie: 'payload-token=forged' },
      { authorization: 'users API-Key forged' },
    ]
    for (const forged of forgeries) {
      const answer = await raw(port, head('POST', '/api/media', { ...forged, ...multipart }), [size])
      expect(answer.status, JSON.stringify(forged)).toBe(413)
      expect(JSON.parse(answer.body).errors[0].message).toBe('The request body is too large: at most 64 KB.')
    }
    expect(reachedNext).toEqual([])
  })

  it('holds an upload while its key is being verified: whole once it is, 413 once it is not', async () => {
    const answers: ((real: boolean) => void)[] = []
    const port = await start({ credentials: () => new Promise<boolean>((resolve) => answers.push(resolve)) })
    const size = LIMITS.maxBytes * 3
    const upload = head('POST', '/api/media', {
      authorization: KEY,
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': size,
    })
    const verified = raw(port, upload, [size])
    while (answers.length < 1) await new Promise((resolve) => setImmediate(resolve))
    const refused = raw(port, upload, [size])
    while (answers.length < 2) await new Promise((resolve) => setImmediate(resolve))
    answers[0](true)
    answers[1](false)
    const [whole, tooLarge] = await Promise.all([verified, refused])
    expect(whole.status).toBe(200)
    expect(JSON.parse(whole.body).bytes).toBe(size)
    expect(tooLarge.status).toBe(413)
    expect(reachedNext).toEqual(['POST /api/media'])
  })

  it('refuses a body past the bodies one address may have under way with 429 and Retry-After, before reading it', async () => {
    const port = await start({ limits: { ...LIMITS, timeoutMs: 60_000, maxPerAddress: 2 } })
    const login = head('POST', '/api/users/login', { 'content-type': 'application/json', 'content-length': 1000 })
    await stall(port, login, '{"email":')
    await stall(port, login, '{"email":')
    const third = await raw(port, login, ['{"email":'])
    expect(third.status).toBe(429)
    expect(third.headers).toMatch(/retry-after: 5/i)
    expect(third.headers).toMatch(/connection: close/i)
    expect(JSON.parse(third.body).errors[0].message).toMatch(/^Too many request bodies from this address/)
    // A forwarded address from a peer that is not a trusted proxy is still this address.
    const body = '{"a":1}'
    const other = await raw(
      port,
      head('POST', '/api/users/login', {
        'content-type': 'application/json',
        'content-length': body.length,
        'x-forwarded-for': '203.0.113.9',
      }),
      [body],
    )
    expect(other.status).toBe(429)
    expect(reachedNext).toEqual([])
    // Its bodies done, the address may send again.
    for (const socket of stalled.splice(0)) socket.destroy()
    let again = await raw(port, head('POST', '/api/users/login', { 'content-length': body.length }), [body])
    while (again.status === 429)
      again = await raw(port, head('POST', '/api/users/login', { 'content-length': body.length }), [body])
    expect(again.status).toBe(200)
  })

  it('refuses a body with 503 and Retry-After while the process holds its bytes for others, announced or streamed', async () => {
    const port = await start({ limits: { ...LIMITS, timeoutMs: 60_000, maxHeldBytes: 100 * 1024 } })
    await stall(
      port,
      head('POST', '/api/users/login', { 'content-type': 'application/json', 'content-length': 60 * 1024 }),
      100,
    )
    const announced = await raw(
      port,
      head('POST', '/api/users/login', { 'content-type': 'application/json', 'content-length': 60 * 1024 }),
    )
    expect(announced.status).toBe(503)
    expect(announced.headers).toMatch(/retry-after: 5/i)
    const chunk = (size: number) => `${size.toString(16)}\r\n${'a'.repeat(size)}\r\n`
    const streamed = await raw(
      port,
      head('POST', '/api/users/login', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }),
      Array.from({ length: 8 }, () => chunk(8 * 1024)),
    )
    expect(streamed.status).toBe(503)
    expect(reachedNext).toEqual([])
  })

  it('spends the rate budget before holding a body: the request past it is a 429 at once, not a held body', async () => {
    const port = await start({ limits: { ...LIMITS, timeoutMs: 60_000 }, cmsPerMinute: 1 })
    const graphql = head('POST', '/api/graphql', { 'content-type': 'application/json', 'content-length': 1000 })
    await stall(port, graphql, '{"query":')
    const second = await raw(port, graphql, ['{"query":'])
    expect(second.status).toBe(429)
    expect(second.headers).toMatch(/retry-after: \d+/i)
    expect(reachedNext).toEqual([])
  })
})

describe('the ledger of bodies under way', () => {
  it('counts bodies per address and bytes in the process, and gives both back once', () => {
    const ledger = createBodyLedger({ ...LIMITS, maxPerAddress: 2, maxHeldBytes: 1000 })
    const first = ledger.admit('a', 400)
    const second = ledger.admit('a', NaN)
    expect('status' in first || 'status' in second).toBe(false)
    expect(ledger.admit('a', 1)).toMatchObject({ status: 429, retryAfter: 5 })
    expect(ledger.admit('b', 601)).toMatchObject({ status: 503, retryAfter: 5 })
    const streamed = second as Exclude<typeof second, { status: number }>
    expect(streamed.grow(600)).toBe(true)
    expect(streamed.grow(601)).toBe(false)
    expect(ledger.admit('b', 1)).toMatchObject({ status: 503 })
    ;(first as typeof streamed).release()
    ;(first as typeof streamed).release()
    expect(ledger.heldBytes()).toBe(600)
    expect(ledger.admit('b', 400)).not.toHaveProperty('status')
    expect(ledger.admit('a', 0)).not.toHaveProperty('status')
    expect(ledger.admit('a', 0)).toMatchObject({ status: 429 })
  })

  it('bounds nothing when both limits are 0', () => {
    const ledger = createBodyLedger({ ...LIMITS, maxPerAddress: 0, maxHeldBytes: 0 })
    for (let i = 0; i < 100; i++) expect(ledger.admit('a', 1e9)).not.toHaveProperty('status')
  })
})
