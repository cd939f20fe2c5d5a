/**
 * The last good copy: the whole edge on a real node:http server, with a fake "Next" that can fail the way
 * Next does when the database is down (a 500, a dropped connection, no answer at all). What a visitor gets: the
 * copy from before, marked STALE with its Age (a page with a notice line), or a 503 with Retry-After in the path's
 * shape, never the 500. The clock is injected; nothing waits for real time but the origin wait bound.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

import { afterEach, describe, expect, it } from 'vitest'

import { createClientAddress } from '@/edge/client-address'
import { bumpDataVersion, currentDataVersion } from '@/runtime/data-version'
import { createFront, sendUnavailable } from '@/edge/front'
import { createLoopback } from '@/edge/loopback'
import { createRateLimiter } from '@/edge/rate-limit'
import { createResponseCache, type ResponseCache, type Unavailable } from '@/edge/response-cache'

type Mode = 'ok' | '500' | 'drop' | 'hang' | 'held'

interface Fake {
  base: string
  mode: Mode
  version: number
  clock: number
  calls: number
  /** Paths that answer 404 (their record was deleted), and paths whose reads fail with a 500, whatever `mode`. */
  gone: Set<string>
  failing: Set<string>
  cache: ResponseCache
  /** In mode `held`, answers the reads Next holds. */
  release: () => void
  server: Server
}

let current: Fake | undefined
afterEach(async () => {
  if (!current) return
  const { server } = current
  current = undefined
  // The origin that hangs holds its requests open.
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const PAGE = (n: number) =>
  `<!doctype html><html><body><header>site</header><main id="main" class="wrap" tabindex="-1" data-refresh><h1>All good ${n}</h1></main></body></html>`

/** `unavailable`: the edge's answer for a path with no copy (createEdge passes src/edge/front.ts's). */
async function start({
  originWaitMs = 0,
  copyWaitMs,
  originAnswering,
  unavailable,
}: {
  originWaitMs?: number
  copyWaitMs?: number
  originAnswering?: () => boolean
  unavailable?: Unavailable
} = {}): Promise<Fake> {
  const fake = {
    mode: 'ok',
    version: 1,
    clock: 1_800_000_000_000,
    calls: 0,
    gone: new Set<string>(),
    failing: new Set<string>(),
  } as Fake
  const next = async (req: IncomingMessage, res: ServerResponse) => {
    fake.calls += 1
    const url = req.url ?? '/'
    if (fake.gone.has(url)) {
      res.writeHead(404, { 'content-type': 'text/plain' })
      return void res.end('Not found')
    }
    if (fake.mode === 'drop') return void res.socket?.destroy()
    if (fake.mode === 'hang') return
    if (fake.mode === 'held') await new Promise<void>((resolve) => (fake.release = resolve))
    if (fake.mode === '500' || fake.failing.has(url)) {
      const page = !url.startsWith('/api/')
      res.writeHead(500, { 'content-type': page ? 'text/html; charset=utf-8' : 'application/problem+json' })
      return void res.end(page ? '<!doctype html><h1>Temporarily unavailable</h1>' : '{"status":500}')
    }
    const page = !url.startsWith('/api/')
    const body = page ? PAGE(fake.version) : JSON.stringify({ data: fake.version })
    res.writeHead(200, {
      'content-type': page ? 'text/html; charset=utf-8' : 'application/json',
      etag: `"v${fake.version}${page ? 'p' : 'j'}"`,
      'cache-control': 'public, s-maxage=10',
    })
    res.end(body)
  }
  const loopback = createLoopback({
    target: () => ({ host: '127.0.0.1', port: (fake.server.address() as { port: number }).port }),
  })
  fake.cache = createResponseCache({
    origin: loopback.origin,
    maxEntries: 100,
    maxBytes: 1 << 20,
    now: () => fake.clock,
    originWaitMs,
    copyWaitMs,
    originAnswering,
    unavailable,
    log: () => undefined,
  })
  const handler = createFront({
    next,
    clientAddress: createClientAddress([]),
    rateLimiter: createRateLimiter({ points: 0 }),
    cache: fake.cache,
    loopback,
  })
  fake.server = createServer((req, res) => void handler(req, res))
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve))
  fake.base = `http://127.0.0.1:${(fake.server.address() as { port: number }).port}`
  current = fake
  return fake
}

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

function call(fake: Fake, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${fake.base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

/** An operator's write: every entry is stale, and the origin fails from now on in `mode`. */
function writeThenFail(fake: Fake, mode: Mode): void {
  fake.version += 1
  bumpDataVersion()
  fake.mode = mode
}

describe('the last good copy while the origin fails', () => {
  it('serves a page from before the write, marked STALE with its Age and a notice, without its entity tag', async () => {
    const fake = await start({ unavailable: sendUnavailable })
    const fresh = await call(fake, '/')
    expect(fresh).toMatchObject({ status: 200, headers: { 'x-cache': 'MISS' } })
    writeThenFail(fake, '500')
    fake.clock += 42_000
    const stale = await call(fake, '/', { 'if-none-match': String(fresh.headers.etag) })
    expect(stale.status).toBe(200)
    expect(stale.headers).toMatchObject({
      'x-cache': 'STALE',
      age: '42',
      'cache-control': 'no-store',
      'content-type': 'text/html; charset=utf-8',
    })
    expect(stale.headers.etag).toBeUndefined()
    expect(stale.body).toContain('<h1>All good 1</h1>')
    const at = new Date(fake.clock - 42_000).toISOString()
    expect(stale.body).toContain(
      `<main id="main" class="wrap" tabindex="-1" data-refresh><p class="stale-notice" role="status">This page could not be refreshed; it shows the status as of <time datetime="${at}">${at.slice(0, 10)} ${at.slice(11, 16)} UTC</time>.</p><h1>`,
    )
    expect(Number(stale.headers['content-length'])).toBe(Buffer.byteLength(stale.body))
  })

  it('serves an API document as it was, with its entity tag, and 304 to a client that has it', async () => {
    const fake = await start({ unavailable: sendUnavailable })
    const fresh = await call(fake, '/api/v1/status')
    writeThenFail(fake, 'drop')
    const stale = await call(fake, '/api/v1/status')
    expect(stale).toMatchObject({
      status: 200,
      body: fresh.body,
      headers: { 'x-cache': 'STALE', age: '0', etag: fresh.headers.etag },
    })
    const conditional = await call(fake, '/api/v1/status', { 'if-none-match': String(fresh.headers.etag) })
    expect(conditional).toMatchObject({
      status: 304,
      body: '',
      headers: { 'x-cache': 'STALE', etag: fresh.headers.etag },
    })
    const head = await call(fake, '/api/v1/status', {}, 'HEAD')
    expect(head).toMatchObject({ status: 200, body: '', headers: { 'x-cache': 'STALE' } })
  })

  it('answers a path with no copy 503 with Retry-After in its shape: a problem for the API, a page for the site', async () => {
    const fake = await start({ unavailable: sendUnavailable })
    fake.mode = '500'
    const api = await call(fake, '/api/v1/incidents')
    expect(api).toMatchObject({
      status: 503,
      headers: { 'content-type': 'application/problem+json', 'retry-after': '30', 'cache-control': 'no-store' },
    })
    expect(JSON.parse(api.body)).toMatchObject({ status: 503, title: 'Service Unavailable' })
    const page = await call(fake, '/history')
    expect(page).toMatchObject({
      status: 503,
      headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': '30' },
      body: '<!doctype html><h1>Temporarily unavailable</h1>',
    })
    fake.mode = 'drop'
    const dropped = await call(fake, '/g/core')
    expect(dropped).toMatchObject({
      status: 503,
      headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': '30' },
    })
    expect(dropped.body).toContain('Temporarily unavailable')
  })

  it('waits no longer than the bound for an origin that does not answer, then answers without it at once until it recovers', async () => {
    // A bound a recovered origin meets on a loaded machine too; a hanging one only makes the first call wait it.
    const fake = await start({ originWaitMs: 1_000, unavailable: sendUnavailable })
    await call(fake, '/api/v1/status')
    writeThenFail(fake, 'hang')
    expect(await call(fake, '/api/v1/status')).toMatchObject({ status: 200, headers: { 'x-cache': 'STALE' } })
    expect(await call(fake, '/api/v1/services')).toMatchObject({ status: 503, headers: { 'retry-after': '30' } })
    // While the origin counts as failing, a copy is served without waiting; the refresh is one computation.
    const calls = fake.calls
    expect(await call(fake, '/api/v1/status')).toMatchObject({ status: 200, headers: { 'x-cache': 'STALE' } })
    expect(fake.calls).toBeLessThanOrEqual(calls + 1)
    fake.mode = 'ok'
    bumpDataVersion()
    fake.clock += 10_000
    expect(await call(fake, '/api/v1/status')).toMatchObject({
      status: 200,
      headers: { 'x-cache': 'MISS' },
      body: JSON.stringify({ data: 2 }),
    })
  })
})

describe('what was taken back is never a last good copy', () => {
  it('forgets the copy of a URL that answers 404: an outage later answers 503, not the deleted record', async () => {
    const fake = await start({ unavailable: sendUnavailable })
    expect(await call(fake, '/i/abc')).toMatchObject({ status: 200, headers: { 'x-cache': 'MISS' } })
    expect(await call(fake, '/api/v1/incidents/abc')).toMatchObject({ status: 200 })
    // Deleted: the origin answers 404 from now on.
    fake.gone.add('/i/abc').add('/api/v1/incidents/abc')
    writeThenFail(fake, 'ok')
    expect((await call(fake, '/i/abc')).status).toBe(404)
    expect((await call(fake, '/api/v1/incidents/abc')).status).toBe(404)
    fake.gone.clear()
    writeThenFail(fake, '500')
    const page = await call(fake, '/i/abc')
    expect(page.status).toBe(503)
    expect(page.body).not.toContain('All good')
    expect(await call(fake, '/api/v1/incidents/abc')).toMatchObject({ status: 503, headers: { 'retry-after': '30' } })
    expect(fake.cache.store.lastGoodCopies().map((copy) => copy.key)).toEqual([])
  })

  it('decides stale serving per URL: a failing miss elsewhere does not send a URL that answers to its copy', async () => {
    const fake = await start({ unavailable: sendUnavailable })
    await call(fake, '/i/abc')
    await call(fake, '/api/v1/status')
    fake.gone.add('/i/abc')
    writeThenFail(fake, 'ok')
    fake.failing.add('/api/v1/status')
    expect((await call(fake, '/api/v1/status')).headers['x-cache']).toBe('STALE')
    // The deleted record's page is asked again, not answered from a copy because another URL failed.
    const page = await call(fake, '/i/abc')
    expect(page.status).toBe(404)
    expect(page.body).toBe('Not found')
    expect((await call(fake, '/history')).headers['x-cache']).toBe('MISS')
  })

  it("drops a withdrawn record's own copies and every list's copy made before, and keeps other records' pages", async () => {
    const fake = await start({ unavailable: sendUnavailable })
    for (const path of ['/i/abc', '/api/v1/incidents/abc?pretty', '/i/other', '/api/v1/incidents', '/feed.atom', '/'])
      expect((await call(fake, path)).status, path).toBe(200)
    // What the edge does with a delete's change (createEdge): the paths from src/domain/withdrawn-paths.ts.
    const withdrawn = ['/i/abc', '/api/v1/incidents/abc']
    fake.cache.store.withdraw(withdrawn, bumpDataVersion(false, { services: false, withdrawn }))
    fake.mode = '500'
    for (const path of ['/i/abc', '/api/v1/incidents/abc?pretty', '/api/v1/incidents', '/feed.atom', '/'])
      expect((await call(fake, path)).status, path).toBe(503)
    expect(await call(fake, '/i/other')).toMatchObject({ status: 200, headers: { 'x-cache': 'STALE' } })
  })

  it('does not keep a read that began before the withdrawal and ends after it', async () => {
    const { store } = (await start()).cache
    const answer = (body: string) => ({
      status: 200,
      headers: {},
      body: Buffer.from(body),
      expiresAt: null,
      cacheable: true,
    })
    const before = currentDataVersion()
    expect(store.set(' /api/v1/incidents', answer('{"before":1}'), before)).toBe(true)
    store.withdraw([], bumpDataVersion(false, { services: false, withdrawn: [] }))
    expect(store.lastGoodCopy(' /api/v1/incidents')).toBeUndefined()
    expect(store.set(' /api/v1/incidents', answer('{"late":1}'), before)).toBe(false)
    expect(store.lastGoodCopy(' /api/v1/incidents')).toBeUndefined()
    expect(store.set(' /api/v1/incidents', answer('{"after":1}'), currentDataVersion())).toBe(true)
  })

  it('gives a visitor with a copy the copy within copyWaitMs, however long the origin may take; the refresh goes on', async () => {
    const fake = await start({ originWaitMs: 60_000, copyWaitMs: 100, unavailable: sendUnavailable })
    await call(fake, '/api/v1/status')
    writeThenFail(fake, 'hang')
    expect(await call(fake, '/api/v1/status')).toMatchObject({ status: 200, headers: { 'x-cache': 'STALE' } })
    // The next one does not wait at all: the URL counts as failing until its refresh answers.
    const calls = fake.calls
    expect(await call(fake, '/api/v1/status')).toMatchObject({ status: 200, headers: { 'x-cache': 'STALE' } })
    expect(fake.calls).toBe(calls)
  }, 10_000)

  it('goes on waiting past copyWaitMs while the origin is busy rather than gone, and answers fresh', async () => {
    let asked = 0
    const fake: Fake = await start({
      originWaitMs: 60_000,
      copyWaitMs: 20,
      // The database answers other queries: slow, not gone. After two waits the page is made.
      originAnswering: () => {
        if (++asked === 2) fake.release()
        return true
      },
      unavailable: sendUnavailable,
    })
    await call(fake, '/api/v1/status')
    writeThenFail(fake, 'held')
    expect(await call(fake, '/api/v1/status')).toMatchObject({
      status: 200,
      headers: { 'x-cache': 'MISS' },
      body: JSON.stringify({ data: 2 }),
    })
    expect(asked).toBeGreaterThanOrEqual(2)
  }, 10_000)
})
