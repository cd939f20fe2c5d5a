/**
 * Request bodies at the edge (src/edge/request-body.ts) on a real node:http server, with a fake "Next" that reads
 * the whole body as Next does: a write without credentials is a 401 before its body is read, a body over its limit
 * a 413 (by Content-Length and while it streams), a body that stalls a 408, and every other body reaches Next whole.
 * Requests are written on raw sockets, so a test decides exactly what arrives and when.
 */
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { connect } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { createClientAddress } from '../../../src/edge/client-address'
import { createFront } from '../../../src/edge/front'
import { createLoopback } from '../../../src/edge/loopback'

const LIMITS = { maxBytes: 64 * 1024, maxUploadBytes: 256 * 1024, timeoutMs: 300 }
const KEY = 'users API-Key x'

let server: Server | undefined
let reachedNext: string[] = []
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

async function start(): Promise<number> {
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
    cache: null,
    loopback,
    bodyLimits: LIMITS,
  })
  server = createServer((req, res) => void handler(req, res))
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
})
