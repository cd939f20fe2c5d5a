/**
 * The whole edge on a real node:http server, with a fake "Next" behind it: cache hits and 304s without Next,
 * single flight, invalidation by writes, expiry, pass-through, and the rate limit. No timing thresholds: the fake
 * Next answers when the test releases it.
 */
import { createHash } from 'node:crypto'
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

import { afterEach, describe, expect, it } from 'vitest'

import { createClientAddress } from '@/edge/client-address'
import { bumpDataVersion, currentDataVersion, markDataChanged } from '@/runtime/data-version'
import { KNOWN_HOST_HEADER, PAGE_SLUG_HEADER } from '@/runtime/headers'
import { parseEnv } from '@/config/env'
import { createEdge, createFront, edgeConfig } from '@/edge/front'
import { createLoopback } from '@/edge/loopback'
import { canonicalQuery, classifyRequest, loggablePath } from '@/edge/public-paths'
import { createRateLimiter, createWindowCounter } from '@/edge/rate-limit'
import { createResponseCache, MAX_ORIGINS } from '@/edge/response-cache'

interface Fake {
  base: string
  calls: Map<string, number>
  data: { value: string; expiresAt?: number }
  /** While set, reads wait on it (so concurrent misses overlap). */
  gate?: Promise<void>
  /** Reads Next is answering now, and the most at once. */
  reading: number
  mostReading: number
  /** Requests the server took, the loopback's own included. */
  received: number
  /** What the edge's handler returned for each request: a promise, or nothing when it answered at once. */
  returned: unknown[]
  server: Server
  /** Closes the edge, when it was built from the environment (createEdge). */
  closeEdge?: () => Promise<void>
}

let current: Fake | undefined
afterEach(async () => {
  const fake = current
  current = undefined
  if (!fake) return
  await new Promise<void>((resolve) => fake.server.close(() => resolve()))
  await fake.closeEdge?.()
})

async function start(
  options: {
    perMinute?: number
    subscribePerHour?: number
    cmsPerMinute?: number
    integrationPerMinute?: number
    originConcurrency?: number
    /** Builds the edge as server.ts does (createEdge) from these variables instead of from the options above. */
    environment?: Record<string, string>
  } = {},
): Promise<Fake> {
  const fake = {
    calls: new Map<string, number>(),
    data: { value: 'one' },
    reading: 0,
    mostReading: 0,
    received: 0,
    returned: [] as unknown[],
  } as Fake
  const next = async (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/'
    fake.calls.set(url, (fake.calls.get(url) ?? 0) + 1)
    if (req.method === 'GET') fake.mostReading = Math.max(fake.mostReading, ++fake.reading)
    res.once('close', () => req.method === 'GET' && fake.reading--)
    if (req.method === 'POST') {
      // Like Payload: a write to public data runs the hook (which marks the change), later the response starts.
      if (url.includes('value=')) {
        fake.data.value = url.split('=')[1]
        await new Promise((resolve) => setImmediate(resolve))
        markDataChanged()
      }
      res.writeHead(url.includes('forbidden') ? 403 : 201, { 'content-type': 'application/json' })
      return void res.end('{}')
    }
    if (fake.gate) await fake.gate
    // Like Next with a client that went away: this handler never settles.
    if (url.startsWith('/api/v1/hang')) return new Promise<void>(() => {})
    if (url.startsWith('/api/v1/missing')) {
      res.writeHead(404, { 'content-type': 'application/problem+json' })
      return void res.end('{"status":404}')
    }
    const padding = url.includes('big') ? 'status '.repeat(2000) : undefined
    const body = JSON.stringify({
      data: fake.data.value,
      host: req.headers.host,
      url,
      client: req.headers['x-statuspage-client-address'],
      page: req.headers[PAGE_SLUG_HEADER],
      padding,
    })
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      etag: `"${createHash('sha1').update(body).digest('hex')}"`,
      connection: 'keep-alive',
    }
    if (fake.data.expiresAt) headers['x-statuspage-expires'] = String(fake.data.expiresAt)
    if (req.headers.host === 'status.known.example') headers[KNOWN_HOST_HEADER] = '1'
    if (url.includes('cookie')) headers['set-cookie'] = 'session=1'
    res.writeHead(200, headers)
    res.end(body)
  }
  const target = () => ({ host: '127.0.0.1', port: (fake.server.address() as { port: number }).port })
  const edge = options.environment
    ? createEdge(edgeConfig(parseEnv({ LAST_GOOD_DIR: '', ...options.environment })), next, target)
    : null
  fake.closeEdge = edge?.close
  const loopback = createLoopback({ target })
  const handler =
    edge?.handler ??
    createFront({
      next,
      clientAddress: createClientAddress([]),
      rateLimiter: createRateLimiter({ points: options.perMinute ?? 0 }),
      subscribeLimiter: createRateLimiter({
        points: options.subscribePerHour ?? 0,
        windowSeconds: 3600,
        keyPrefix: 'test:subscribe',
      }),
      cmsLimiter: createRateLimiter({ points: options.cmsPerMinute ?? 0, keyPrefix: 'test:cms' }),
      integrationLimiter: createRateLimiter({
        points: options.integrationPerMinute ?? 0,
        keyPrefix: 'test:integration',
      }),
      cache: createResponseCache({
        origin: loopback.origin,
        originConcurrency: options.originConcurrency,
        maxEntries: 100,
        maxBytes: 1 << 20,
      }),
      loopback,
      uncachedConcurrency: options.originConcurrency,
    })
  fake.server = createServer((req, res) => {
    fake.received += 1
    const returned = handler(req, res)
    fake.returned.push(returned)
    void returned
  })
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve))
  fake.base = `http://127.0.0.1:${(fake.server.address() as { port: number }).port}`
  current = fake
  return fake
}

/** Holds every read the fake Next takes until the returned function is called. */
function hold(fake: Fake): () => void {
  let release!: () => void
  fake.gate = new Promise((resolve) => (release = resolve))
  return release
}

/** How many requests reached the fake Next. */
const reachedNext = (fake: Fake) => [...fake.calls.values()].reduce((a, b) => a + b, 0)

/**
 * Once `received` requests came in and `reaching` of them reached Next, gives the others time to (wrongly) reach it
 * too; then [how many reached Next, how many came in].
 */
async function reachedWhenSettled(fake: Fake, received: number, reaching: number): Promise<[number, number]> {
  while (fake.received < received || reachedNext(fake) < reaching) await new Promise((resolve) => setImmediate(resolve))
  await new Promise((resolve) => setTimeout(resolve, 200))
  return [reachedNext(fake), fake.received]
}

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

function call(
  fake: Fake,
  path: string,
  options: { method?: string; headers?: Record<string, string>; localAddress?: string } = {},
): Promise<Answer & { raw: Buffer }> {
  return new Promise((resolve, reject) => {
    // The path as given (a URL would resolve its dot segments first).
    const port = Number(new URL(fake.base).port)
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const raw = Buffer.concat(chunks)
          resolve({ status: res.statusCode!, headers: res.headers, body: raw.toString('utf8'), raw })
        })
      },
    )
    req.on('error', reject)
    req.end()
  })
}

describe('the response cache in front of Next', () => {
  it('answers a repeated read, and a matching If-None-Match, without Next', async () => {
    const fake = await start()
    const first = await call(fake, '/api/v1/status')
    expect(first).toMatchObject({ status: 200, headers: { 'x-cache': 'MISS' } })
    const second = await call(fake, '/api/v1/status')
    expect(second).toMatchObject({
      status: 200,
      headers: { 'x-cache': 'HIT', etag: first.headers.etag, 'content-type': 'application/json' },
      body: first.body,
    })
    expect(second.headers.connection).not.toBe('keep-alive, X-Private')
    const conditional = await call(fake, '/api/v1/status', {
      headers: { 'if-none-match': `"other", W/${first.headers.etag}` },
    })
    expect(conditional).toMatchObject({
      status: 304,
      body: '',
      headers: { 'x-cache': 'HIT', etag: first.headers.etag },
    })
    expect(conditional.headers['content-type']).toBeUndefined()
    const head = await call(fake, '/api/v1/status', { method: 'HEAD' })
    expect(head).toMatchObject({
      status: 200,
      body: '',
      headers: { 'x-cache': 'HIT', 'content-length': String(Buffer.byteLength(first.body)) },
    })
    expect(fake.calls.get('/api/v1/status')).toBe(1)
  })

  it('sends browsers a compressed copy, made once, with Vary and a weak entity tag that still gives 304s', async () => {
    const fake = await start()
    const plain = await call(fake, '/api/v1/big')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toContain('Accept-Encoding')
    const strong = plain.headers.etag as string
    expect(strong).toMatch(/^"/)

    const br = await call(fake, '/api/v1/big', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', etag: `W/${strong}`, 'x-cache': 'HIT' })
    expect(br.raw.length).toBeLessThan(plain.raw.length / 5)
    expect(brotliDecompressSync(br.raw).toString('utf8')).toBe(plain.body)
    const gzip = await call(fake, '/api/v1/big', { headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.raw).toString('utf8')).toBe(plain.body)
    expect(
      (await call(fake, '/api/v1/big', { headers: { 'accept-encoding': 'gzip;q=0, identity' } })).headers[
        'content-encoding'
      ],
    ).toBeUndefined()

    // Either tag revalidates either representation.
    for (const tag of [strong, `W/${strong}`]) {
      const revalidated = await call(fake, '/api/v1/big', {
        headers: { 'accept-encoding': 'br', 'if-none-match': tag },
      })
      expect(revalidated).toMatchObject({ status: 304, body: '' })
      expect(revalidated.headers['content-encoding']).toBeUndefined()
    }
    const head = await call(fake, '/api/v1/big', { method: 'HEAD', headers: { 'accept-encoding': 'br' } })
    expect(head.headers['content-length']).toBe(String(br.raw.length))
    expect(fake.calls.get('/api/v1/big')).toBe(1)
    // Small bodies are sent as they are.
    expect(
      (await call(fake, '/api/v1/status', { headers: { 'accept-encoding': 'br' } })).headers['content-encoding'],
    ).toBeUndefined()
  })

  it('keys by host and query string', async () => {
    const fake = await start()
    await call(fake, '/api/v1/status')
    expect((await call(fake, '/api/v1/status', { headers: { host: 'other.example' } })).headers['x-cache']).toBe('MISS')
    expect(JSON.parse((await call(fake, '/api/v1/status', { headers: { host: 'other.example' } })).body).host).toBe(
      'other.example',
    )
    expect((await call(fake, '/api/v1/status?pretty')).headers['x-cache']).toBe('MISS')
    expect(fake.calls.get('/api/v1/status')).toBe(2)
  })

  it('keys by the origin the edge determined alone: case, junk hosts and untrusted forwarded headers do not split it', async () => {
    const fake = await start()
    expect((await call(fake, '/api/v1/status', { headers: { host: 'status.example' } })).headers['x-cache']).toBe(
      'MISS',
    )
    const junk = { host: 'STATUS.example', 'x-forwarded-host': 'junk-1.example', 'x-forwarded-proto': 'gopher' }
    expect((await call(fake, '/api/v1/status', { headers: junk })).headers['x-cache']).toBe('HIT')
    // A host that is not a host name gives no origin: one entry for all of them, built for the local address.
    expect((await call(fake, '/api/v1/status', { headers: { host: 'not a host' } })).headers['x-cache']).toBe('MISS')
    const other = await call(fake, '/api/v1/status', { headers: { host: 'also/not@a:host' } })
    expect(other.headers['x-cache']).toBe('HIT')
    expect(JSON.parse(other.body).host).toBe(new URL(fake.base).host)
    expect(fake.calls.get('/api/v1/status')).toBe(2)
  })

  it(`keeps entries for at most ${MAX_ORIGINS} hosts: invented hosts get answers, not entries`, async () => {
    const fake = await start()
    for (let i = 0; i < MAX_ORIGINS; i++) await call(fake, '/api/v1/status', { headers: { host: `h${i}.example` } })
    for (let i = 0; i < 2; i++) {
      const invented = await call(fake, '/api/v1/status', { headers: { host: 'invented.example' } })
      expect(invented).toMatchObject({ status: 200, headers: { 'x-cache': 'MISS' } })
      expect(JSON.parse(invented.body).host).toBe('invented.example')
    }
    expect((await call(fake, '/api/v1/status', { headers: { host: 'h0.example' } })).headers['x-cache']).toBe('HIT')
    expect(fake.calls.get('/api/v1/status')).toBe(MAX_ORIGINS + 2)
    // A host the route says is the site's own (a page's, or the public base URL's) is kept even past the bound.
    const first = await call(fake, '/api/v1/status', { headers: { host: 'status.known.example' } })
    expect(first.headers['x-cache']).toBe('MISS')
    expect(first.headers[KNOWN_HOST_HEADER]).toBeUndefined()
    expect((await call(fake, '/api/v1/status', { headers: { host: 'status.known.example' } })).headers['x-cache']).toBe(
      'HIT',
    )
  })

  it('keeps an entry per host even when PUBLIC_URL names the links: the host chooses the page (createEdge)', async () => {
    const fake = await start({ environment: { PUBLIC_URL: 'https://status.example.com' } })
    const a = await call(fake, '/api/v1/status', { headers: { host: 'a.example' } })
    const b = await call(fake, '/api/v1/status', { headers: { host: 'b.example' } })
    expect([a.headers['x-cache'], b.headers['x-cache']]).toEqual(['MISS', 'MISS'])
    expect([JSON.parse(a.body).host, JSON.parse(b.body).host]).toEqual(['a.example', 'b.example'])
    expect((await call(fake, '/api/v1/status', { headers: { host: 'b.example' } })).headers['x-cache']).toBe('HIT')
  })

  it("hands Next a /p/<slug>/ path without its prefix and the slug in the page header, cached apart from the host's own", async () => {
    const fake = await start()
    const byPath = await call(fake, '/p/pay/api/v1/status')
    expect(JSON.parse(byPath.body)).toMatchObject({ url: '/api/v1/status', page: 'pay' })
    expect(byPath.headers['x-cache']).toBe('MISS')
    // A client's own page header is not believed.
    const own = await call(fake, '/api/v1/status', { headers: { [PAGE_SLUG_HEADER]: 'pay' } })
    expect(own.headers['x-cache']).toBe('MISS')
    expect(JSON.parse(own.body).page).toBeUndefined()
    expect((await call(fake, '/p/pay/api/v1/status')).headers['x-cache']).toBe('HIT')
    expect(JSON.parse((await call(fake, '/p/pay')).body)).toMatchObject({ url: '/', page: 'pay' })
  })

  it('computes concurrent misses for one key once', async () => {
    const fake = await start()
    const release = hold(fake)
    const answers = Array.from({ length: 10 }, () => call(fake, '/api/v1/services'))
    // Wait until the one computation has reached Next, then let it answer.
    while (!fake.calls.get('/api/v1/services')) await new Promise((resolve) => setImmediate(resolve))
    release()
    const all = await Promise.all(answers)
    expect(new Set(all.map((a) => a.body)).size).toBe(1)
    expect(all.every((a) => a.status === 200)).toBe(true)
    expect(fake.calls.get('/api/v1/services')).toBe(1)
  })

  it('computes at most ORIGIN_CONCURRENCY misses at once, and answers the ones that waited', async () => {
    const fake = await start({ originConcurrency: 2 })
    const release = hold(fake)
    const paths = Array.from({ length: 6 }, (_, i) => `/api/v1/incidents?page=${i + 1}`)
    const answers = paths.map((path) => call(fake, path))
    // Six requests in (and two loopback requests of the cache), two of them computing.
    expect(await reachedWhenSettled(fake, 8, 2)).toEqual([2, 8])
    release()
    const all = await Promise.all(answers)
    expect(all.map((a) => [a.status, JSON.parse(a.body).url])).toEqual(paths.map((path) => [200, path]))
    expect(reachedNext(fake)).toBe(6)
    expect(fake.mostReading).toBe(2)
  })

  it('renders at most ORIGIN_CONCURRENCY public reads with credentials at once (the cache passes them), and answers all', async () => {
    const fake = await start({ originConcurrency: 2 })
    const release = hold(fake)
    const paths = Array.from({ length: 6 }, (_, i) => `/api/v1/uptime?limit=1000&_=${i}`)
    const answers = paths.map((path) => call(fake, path, { headers: { authorization: 'Bearer any' } }))
    // Six requests in, two of them rendering.
    expect(await reachedWhenSettled(fake, 6, 2)).toEqual([2, 6])
    release()
    const all = await Promise.all(answers)
    expect(all.map((a) => [a.status, JSON.parse(a.body).url, a.headers['x-cache']])).toEqual(
      paths.map((path) => [200, path, undefined]),
    )
  })

  it('is built by createEdge with both bounds at ORIGIN_CONCURRENCY: the misses it computes and the reads with credentials', async () => {
    const fake = await start({ environment: { ORIGIN_CONCURRENCY: '2' } })
    const release = hold(fake)
    const misses = Array.from({ length: 4 }, (_, i) => `/api/v1/incidents?page=${i + 1}`)
    const credentialed = Array.from({ length: 4 }, (_, i) => `/api/v1/uptime?limit=1000&_=${i}`)
    const answers = [
      ...misses.map((path) => call(fake, path)),
      ...credentialed.map((path) => call(fake, path, { headers: { authorization: 'Bearer any' } })),
    ]
    // Eight requests in and two loopback requests of the cache; two misses and two reads with credentials at Next.
    expect(await reachedWhenSettled(fake, 10, 4)).toEqual([4, 10])
    release()
    const all = await Promise.all(answers)
    expect(all.map((a) => [a.status, JSON.parse(a.body).url])).toEqual(
      [...misses, ...credentialed].map((path) => [200, path]),
    )
    expect(reachedNext(fake)).toBe(8)
  })

  it('frees the turn of a read with credentials when its client goes away, whether or not Next ever settles it', async () => {
    const fake = await start({ originConcurrency: 2 })
    const hanging = [0, 1].map(
      () =>
        new Promise<void>((resolve) => {
          const req = request(`${fake.base}/api/v1/hang`, { headers: { authorization: 'Bearer any' } })
          req.on('error', () => resolve())
          req.end()
          // Both turns taken; then the clients leave.
          const check = () => (fake.calls.get('/api/v1/hang') === 2 ? req.destroy() : setImmediate(check))
          check()
        }),
    )
    await Promise.all(hanging)
    const after = await call(fake, '/api/v1/status?after', { headers: { authorization: 'Bearer any' } })
    expect(after.status).toBe(200)
  })

  it('recomputes after a write through the server, and after a data-version bump', async () => {
    const fake = await start()
    expect(JSON.parse((await call(fake, '/api/v1/status')).body).data).toBe('one')
    expect((await call(fake, '/api/things?value=two', { method: 'POST' })).status).toBe(201)
    const after = await call(fake, '/api/v1/status')
    expect(after.headers['x-cache']).toBe('MISS')
    expect(JSON.parse(after.body).data).toBe('two')
    fake.data.value = 'three'
    bumpDataVersion()
    expect(JSON.parse((await call(fake, '/api/v1/status')).body).data).toBe('three')
  })

  it('does not let a refused write empty the cache', async () => {
    const fake = await start()
    await call(fake, '/api/v1/status')
    expect((await call(fake, '/api/forbidden', { method: 'POST' })).status).toBe(403)
    expect((await call(fake, '/api/v1/status')).headers['x-cache']).toBe('HIT')
  })

  it('expires an entry at the time the route announced, and never shows that header', async () => {
    const fake = await start()
    fake.data.expiresAt = Date.now() + 300
    const first = await call(fake, '/api/v1/maintenances')
    expect(first.headers['x-statuspage-expires']).toBeUndefined()
    expect((await call(fake, '/api/v1/maintenances')).headers['x-cache']).toBe('HIT')
    await new Promise((resolve) => setTimeout(resolve, 350))
    expect((await call(fake, '/api/v1/maintenances')).headers['x-cache']).toBe('MISS')
  })

  it('never shows that header to a read the cache does not answer (with credentials)', async () => {
    const fake = await start()
    fake.data.expiresAt = Date.now() + 60_000
    const read = await call(fake, '/api/v1/maintenances', { headers: { authorization: 'users API-Key x' } })
    expect(read.status).toBe(200)
    expect(read.headers['x-cache']).toBeUndefined()
    expect(read.headers['x-statuspage-expires']).toBeUndefined()
  })

  it('passes other statuses and cookie-setting responses through without keeping them', async () => {
    const fake = await start()
    for (let i = 0; i < 2; i++) {
      expect(await call(fake, '/api/v1/missing')).toMatchObject({ status: 404, headers: { 'x-cache': 'MISS' } })
      const cookie = await call(fake, '/api/v1/cookie')
      expect(cookie.status).toBe(200)
      expect(cookie.headers['set-cookie']).toBeUndefined()
    }
    expect(fake.calls.get('/api/v1/missing')).toBe(2)
    expect(fake.calls.get('/api/v1/cookie')).toBe(2)
  })

  it('sends requests with credentials, and a forged internal header, the ordinary way', async () => {
    const fake = await start()
    await call(fake, '/api/v1/status')
    expect(
      (await call(fake, '/api/v1/status', { headers: { authorization: 'users API-Key x' } })).headers['x-cache'],
    ).toBeUndefined()
    expect(
      (await call(fake, '/api/v1/status', { headers: { 'x-statuspage-internal': 'guess' } })).headers['x-cache'],
    ).toBe('HIT')
  })
})

describe('the hot path', () => {
  it('answers a hit and its 304 at once, without a promise, with the rate limit headers in the one head', async () => {
    const fake = await start({ perMinute: 100 })
    const first = await call(fake, '/api/v1/status')
    const hit = await call(fake, '/api/v1/status')
    const notModified = await call(fake, '/api/v1/status', { headers: { 'if-none-match': String(first.headers.etag) } })
    expect([first.headers['x-cache'], hit.headers['x-cache'], notModified.status]).toEqual(['MISS', 'HIT', 304])
    for (const answer of [hit, notModified])
      expect(answer.headers).toMatchObject({
        'x-cache': 'HIT',
        'ratelimit-limit': '100',
        'ratelimit-policy': '100;w=60',
      })
    expect(notModified.headers['ratelimit-remaining']).toBe('97')
    // The miss waited for Next (the loopback's own request in between); the hit and the 304 did not wait at all.
    expect(fake.returned.at(-2)).toBeUndefined()
    expect(fake.returned.at(-1)).toBeUndefined()
    expect(fake.returned[0]).toBeInstanceOf(Promise)
  })

  it('gives every hit its own rate limit values, though the hits of one entry share one prepared head', async () => {
    const fake = await start({ perMinute: 100 })
    await call(fake, '/api/v1/status')
    const remaining: unknown[] = []
    for (let i = 0; i < 3; i++) remaining.push((await call(fake, '/api/v1/status')).headers['ratelimit-remaining'])
    const last = await call(fake, '/api/v1/status')
    expect(remaining).toEqual(['98', '97', '96'])
    expect(last.headers).toMatchObject({
      'x-cache': 'HIT',
      'ratelimit-remaining': '95',
      'ratelimit-limit': '100',
      'ratelimit-reset': expect.any(String),
    })
  })

  it("counts the in-memory budget synchronously, in windows from a key's first request", () => {
    let now = 1_000_000
    const count = createWindowCounter(60_000, () => now)
    expect(count('a')).toEqual({ used: 1, msLeft: 60_000 })
    now += 59_999
    expect(count('a')).toEqual({ used: 2, msLeft: 1 })
    expect(count('b')).toEqual({ used: 1, msLeft: 60_000 })
    now += 1
    expect(count('a')).toEqual({ used: 1, msLeft: 60_000 })
    const limiter = createRateLimiter({ points: 1 })!
    expect(limiter.consume('c')).toMatchObject({ allowed: true, headers: { 'RateLimit-Remaining': '0' } })
    expect(limiter.consume('c')).toMatchObject({
      allowed: false,
      headers: { 'RateLimit-Remaining': '0', 'Retry-After': '60' },
    })
  })
})

describe('the public rate limit', () => {
  it('refuses the request after the budget with a problem, per address', async () => {
    const fake = await start({ perMinute: 3 })
    for (let i = 3; i > 0; i--) {
      const ok = await call(fake, '/api/v1/status', { headers: { 'x-forwarded-for': `10.0.0.${i}` } })
      expect(ok.status).toBe(200)
      expect(ok.headers).toMatchObject({
        'ratelimit-limit': '3',
        'ratelimit-remaining': String(i - 1),
        'ratelimit-policy': '3;w=60',
      })
    }
    const refused = await call(fake, '/api/v1/status')
    expect(refused.status).toBe(429)
    expect(refused.headers['content-type']).toBe('application/problem+json')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': '0' })
    expect(JSON.parse(refused.body)).toMatchObject({ type: 'about:blank', title: 'Too Many Requests', status: 429 })
    expect((await call(fake, '/api/v1/status', { localAddress: '127.0.0.2' })).status).toBe(200)
    // Writes and the CMS API are not public reads.
    expect((await call(fake, '/api/services')).status).toBe(200)
  })

  it('limits in memory while Redis is unreachable, and says so once', async () => {
    const { Redis } = await import('ioredis')
    const redis = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      lazyConnect: true,
      retryStrategy: () => null,
    })
    redis.on('error', () => {})
    const messages: string[] = []
    const limiter = createRateLimiter({ points: 2, redis, log: (m) => messages.push(m) })!
    expect((await limiter.consume('a'))?.allowed).toBe(true)
    expect((await limiter.consume('a'))?.allowed).toBe(true)
    const refused = await limiter.consume('a')
    expect(refused?.allowed).toBe(false)
    expect(refused?.headers['Retry-After']).toBeTruthy()
    expect((await limiter.consume('b'))?.allowed).toBe(true)
    expect(messages).toHaveLength(1)
    redis.disconnect()
  })
})

describe('the subscribe rate limit', () => {
  it('refuses the attempt after the hourly budget, in the shape of the endpoint, per address', async () => {
    const fake = await start({ perMinute: 100, subscribePerHour: 2 })
    for (let i = 2; i > 0; i--) {
      const ok = await call(fake, '/api/subscribe', { method: 'POST', headers: { 'x-forwarded-for': `10.0.0.${i}` } })
      expect(ok.status).toBe(201)
      expect(ok.headers).toMatchObject({
        'ratelimit-limit': '2',
        'ratelimit-remaining': String(i - 1),
        'ratelimit-policy': '2;w=3600',
      })
    }
    const refused = await call(fake, '/api/subscribe', { method: 'POST' })
    expect(refused.status).toBe(429)
    expect(refused.headers['content-type']).toBe('application/json')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000)
    expect(JSON.parse(refused.body)).toEqual({
      success: false,
      message: expect.stringMatching(/try again in \d+ minutes/),
    })
    // The form shares the budget and gets a page.
    const form = await call(fake, '/subscribe', { method: 'POST' })
    expect(form.status).toBe(429)
    expect(form.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(form.body).toContain('Too many requests')
    // Another address has its own budget; reading is not subscribing.
    expect((await call(fake, '/api/subscribe', { method: 'POST', localAddress: '127.0.0.2' })).status).toBe(201)
    expect((await call(fake, '/api/v1/status')).status).toBe(200)
  })
})

describe('the client address Next sees', () => {
  it("is the edge's, whatever the client claims", async () => {
    const fake = await start()
    const answer = await call(fake, '/whoami', {
      headers: { 'x-statuspage-client-address': '203.0.113.9', 'x-forwarded-for': '203.0.113.10' },
    })
    expect(JSON.parse(answer.body).client).toBe('127.0.0.1')
  })
})

describe('changes to public data', () => {
  it('bump the version once the response starts, whatever the method; requests that change nothing bump nothing', async () => {
    const fake = await start()
    await call(fake, '/api/v1/status')
    const before = currentDataVersion()
    // A GraphQL read, a login, a preference: POSTs that change no public data.
    for (const path of [
      '/api/graphql',
      '/api/users/login',
      '/api/payload-preferences/x',
      '/admin/collections/incidents',
    ]) {
      expect((await call(fake, path, { method: 'POST' })).status).toBe(201)
    }
    expect(currentDataVersion()).toBe(before)
    expect((await call(fake, '/api/v1/status')).headers['x-cache']).toBe('HIT')
    // The hook's mark becomes one bump when the response starts, and the writer's next read sees the write.
    expect((await call(fake, '/api/graphql?value=four', { method: 'POST' })).status).toBe(201)
    expect(currentDataVersion()).toBe(before + 1)
    const after = await call(fake, '/api/v1/status')
    expect(after.headers['x-cache']).toBe('MISS')
    expect(JSON.parse(after.body).data).toBe('four')
  })

  it('bump at once when made outside a request (jobs, scripts)', () => {
    const before = currentDataVersion()
    markDataChanged()
    expect(currentDataVersion()).toBe(before + 1)
  })
})

describe('the request target', () => {
  it('is refused with a 400 in the shape of where it points when it has dot segments, bad escapes or NUL', async () => {
    const fake = await start({ perMinute: 100 })
    const cases: [string, string][] = [
      ['/x/../api/v1/status', 'application/problem+json'],
      ['/%2e/api/v1/status', 'application/problem+json'],
      ['/a/%2E%2e/api/v1/status', 'application/problem+json'],
      ['/api/v2/../v1/status', 'application/problem+json'],
      ['/api/v1/%ff', 'application/problem+json'],
      ['/api/v1/incidents/%ff%fe', 'application/problem+json'],
      ['/x/../api/subscribe', 'application/json'],
      ['/api/%ff', 'application/json'],
      ['/api/media/file/%00', 'application/json'],
      ['/x/../feed.atom', 'text/plain; charset=utf-8'],
      ['/x/../', 'text/plain; charset=utf-8'],
      ['/i/%ff', 'text/plain; charset=utf-8'],
      ['/admin/%ff', 'text/plain; charset=utf-8'],
      ['/./subscribe', 'text/plain; charset=utf-8'],
    ]
    for (const [path, type] of cases) {
      const answer = await call(fake, path, { method: path.includes('subscribe') ? 'POST' : 'GET' })
      expect(answer.status, path).toBe(400)
      expect(answer.headers['content-type'], path).toBe(type)
      if (type === 'application/problem+json')
        expect(JSON.parse(answer.body)).toMatchObject({ status: 400, title: 'Bad Request' })
      if (type === 'application/json') expect(JSON.parse(answer.body).errors[0].message).toBeTruthy()
    }
    expect(fake.calls.size).toBe(0)
    // Escapes that decode to ordinary characters are fine.
    expect((await call(fake, '/api/v1/incidents/%41bc')).status).toBe(200)
  })

  it('is keyed by the parameters the route reads: junk and order do not split the cache', async () => {
    const fake = await start()
    for (let i = 0; i < 20; i++) expect((await call(fake, `/api/v1/status?_=${i}`)).status).toBe(200)
    expect([...fake.calls.keys()]).toEqual(['/api/v1/status'])
    await call(fake, '/api/v1/incidents?page=2&limit=5&utm=x')
    expect((await call(fake, '/api/v1/incidents?limit=5&junk=1&page=2')).headers['x-cache']).toBe('HIT')
    expect(JSON.parse((await call(fake, '/api/v1/incidents?limit=5&page=2')).body).url).toBe(
      '/api/v1/incidents?limit=5&page=2',
    )
    expect((await call(fake, '/api/v1/status?pretty')).headers['x-cache']).toBe('MISS')
    expect((await call(fake, '/history?page=2&x=1')).headers['x-cache']).toBe('MISS')
    expect((await call(fake, '/history?x=2&page=2')).headers['x-cache']).toBe('HIT')
  })
})

describe('the CMS rate limit', () => {
  it('spends a budget on anonymous CMS reads and GraphQL, and none with credentials', async () => {
    const fake = await start({ cmsPerMinute: 2 })
    expect((await call(fake, '/api/incidents?limit=0')).headers['ratelimit-limit']).toBe('2')
    expect((await call(fake, '/api/graphql', { method: 'POST' })).status).toBe(201)
    const refused = await call(fake, '/api/services')
    expect(refused.status).toBe(429)
    expect(refused.headers['content-type']).toBe('application/json')
    expect(JSON.parse(refused.body).errors[0].message).toMatch(/Too many requests/)
    expect((await call(fake, '/api/graphql', { method: 'POST' })).status).toBe(429)
    expect((await call(fake, '/api/services', { headers: { authorization: 'users API-Key x' } })).status).toBe(200)
    expect((await call(fake, '/api/services', { headers: { cookie: 'payload-token=abc' } })).status).toBe(200)
    // The public API and health have their own rules.
    expect((await call(fake, '/api/v1/status')).status).toBe(200)
    expect((await call(fake, '/api/health')).status).toBe(200)
  })
})

describe('the integration webhook’s rate limit', () => {
  it('spends the token’s budget, in the header or the path alike, and never caches', async () => {
    const fake = await start({ integrationPerMinute: 2, cmsPerMinute: 1 })
    const tokenA = 'spi_' + 'a'.repeat(43)
    const first = await call(fake, '/api/integrations/webhook', {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenA}` },
    })
    expect(first.status).toBe(201)
    expect(first.headers['ratelimit-limit']).toBe('2')
    expect((await call(fake, `/api/integrations/webhook/${tokenA}`, { method: 'POST' })).status).toBe(201)
    const refused = await call(fake, '/api/integrations/webhook', {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenA}` },
    })
    expect(refused.status).toBe(429)
    expect(JSON.parse(refused.body).errors[0].message).toMatch(/Too many requests/)
    expect(fake.calls.get('/api/integrations/webhook')).toBe(1)
  })

  it('spends the address’s budget too: made-up tokens from one address are limited', async () => {
    const fake = await start({ integrationPerMinute: 5 })
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) {
      const token = 'spi_' + String(i).repeat(43)
      statuses.push(
        (
          await call(fake, '/api/integrations/webhook', {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
          })
        ).status,
      )
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429])
  })

  it('answers a request without a token that could exist with 401 at the edge, on the address’s budget', async () => {
    const fake = await start({ integrationPerMinute: 2 })
    const none = await call(fake, '/api/integrations/webhook', { method: 'POST' })
    expect(none.status).toBe(401)
    expect(none.headers['www-authenticate']).toBe('Bearer')
    expect(JSON.parse(none.body).errors[0].message).toMatch(/A valid integration token is required/)
    expect((await call(fake, '/api/integrations/webhook/not-a-token', { method: 'POST' })).status).toBe(401)
    expect(
      (
        await call(fake, '/api/integrations/webhook', {
          method: 'POST',
          headers: { authorization: 'Bearer spi_short' },
        })
      ).status,
    ).toBe(429)
    expect(fake.calls.get('/api/integrations/webhook')).toBeUndefined()
    expect(fake.calls.get('/api/integrations/webhook/not-a-token')).toBeUndefined()
  })

  it('is its own budget, and the token never shows in a loggable path', () => {
    expect(classifyRequest('POST', '/api/integrations/webhook', true)).toEqual({
      budget: 'integration',
      cacheable: false,
      errorShape: 'cms',
    })
    expect(classifyRequest('POST', '/api/integrations/webhook/spi_x', false)).toMatchObject({
      budget: 'integration',
      cacheable: false,
    })
    expect(loggablePath('/api/integrations/webhook/spi_secret')).toBe('/api/integrations/webhook/[token]')
    expect(loggablePath('/api/integrations/webhook')).toBe('/api/integrations/webhook')
    // A private page's share link (src/site/access-link.ts).
    expect(loggablePath('/access/link/spl_secret')).toBe('/access/link/[token]')
  })
})

describe('what a request is', () => {
  it('caches the default favicon by the status it is drawn for, and counts it on the public budget', () => {
    expect(classifyRequest('GET', '/favicon.svg', true)).toMatchObject({ budget: 'public', cacheable: true })
    expect(classifyRequest('GET', '/favicon.ico', true)).toMatchObject({ budget: 'public', cacheable: true })
    expect(canonicalQuery('/favicon.svg', '?v=3&status=major')).toBe('?status=major')
  })

  it('serves /api/v2 (Statuspage) and the /history feeds like /api/v1: cached, public budget, problem errors, no query in the key', () => {
    for (const path of ['/api/v2/summary.json', '/api/v2/incidents/unresolved.json', '/history.rss', '/history.atom'])
      expect(classifyRequest('GET', path, true), path).toMatchObject({ budget: 'public', cacheable: true })
    expect(classifyRequest('GET', '/api/v2/status.json', true).errorShape).toBe('problem')
    expect(canonicalQuery('/api/v2/summary.json', '?pretty&_=1')).toBe('')
  })

  it("counts uploaded files (the site's logo and favicon) on a visitor's public budget, not the CMS's", () => {
    expect(classifyRequest('GET', '/api/media/file/logo.png', true)).toMatchObject({
      budget: 'public',
      cacheable: false,
    })
    expect(classifyRequest('GET', '/api/media', true)).toMatchObject({ budget: 'cms' })
  })
})
