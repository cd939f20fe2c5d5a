/**
 * The static mirror's files (src/mirror): where each address is written, the swap that never shows a reader half a
 * copy, when copies are written (coalesced changes, retries, another instance's copy), and the lock against a real
 * Redis and a real PostgreSQL. The site it copies is a small origin of canned answers here; tests/e2e/static-mirror
 * reads the real one through nginx.
 */
import { mkdirSync, mkdtempSync, readFileSync, readlinkSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { collectSite, type Fetch, type Fetched } from '@/mirror/collect'
import { FIXED_PATHS, metricPaths, mirrorFileOf, UnsafePathError } from '@/mirror/layout'
import { collectPages } from '@/mirror/pages'
import { type MirrorLock, noLock, postgresLock, redisLock } from '@/mirror/lock'
import { MirrorDirError, publishSnapshot, readManifest, writeSnapshot } from '@/mirror/snapshot'
import { startStaticMirror } from '@/mirror/static-mirror'
import { nginxConfig } from '../../helpers/nginx'
import { type OwnRedis, startRedis } from '../../helpers/redis-server'
import { freePort } from '../../helpers/service'

const scratches: string[] = []
const scratch = () => {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'sp-mirror-'))
  scratches.push(parent)
  return path.join(parent, 'mirror')
}
afterAll(() => {
  for (const parent of scratches) rmSync(parent, { recursive: true, force: true })
})

const answer = (body: string, contentType: string, extra: string[] = []): Fetched => ({
  status: 200,
  rawHeaders: ['Content-Type', contentType, ...extra],
  body: Buffer.from(body),
})

/** A site of canned answers: every fixed address, a service in a group, one incident, one maintenance. */
function cannedSite(
  version: string,
  options: { expiresAt?: number; failing?: string } = {},
): Fetch & { calls: string[] } {
  const calls: string[] = []
  const fetch = async (url: string, accept: string): Promise<Fetched> => {
    calls.push(url)
    const pathname = url.split('?')[0]
    if (pathname === options.failing) return { status: 503, rawHeaders: [], body: Buffer.from('down') }
    if (pathname === '/api/v1/services')
      return answer(JSON.stringify({ data: [{ slug: 'payments', group: { slug: 'core' } }] }), 'application/json')
    if (pathname === '/api/v1/incidents')
      return answer(
        JSON.stringify({ data: url.includes('from=') ? [{ shortId: 'INC1' }] : [{ shortId: 'INC1', v: version }] }),
        'application/json',
      )
    if (pathname === '/api/v1/maintenances')
      return answer(
        JSON.stringify({ data: [{ shortId: 'MNT1' }] }),
        'application/json',
        options.expiresAt ? ['x-statuspage-expires', String(options.expiresAt)] : [],
      )
    if (pathname.startsWith('/api/')) return answer(JSON.stringify({ data: { version, accept } }), 'application/json')
    if (pathname.endsWith('.rss')) return answer(`<rss>${version}</rss>`, 'application/rss+xml')
    return answer(`<html>${version} ${pathname}</html>`, 'text/html; charset=utf-8')
  }
  return Object.assign(fetch, { calls })
}

describe('the layout of the mirror', () => {
  it("reads each other page as its host would, into that host's tree", async () => {
    const site = cannedSite('v')
    const origins: (string | undefined)[] = []
    const fetch: Fetch = async (url, accept, origin) => {
      if (url.startsWith('/api/pages'))
        return answer(
          JSON.stringify({
            docs: [
              { publicUrl: null, hosts: [{ host: 'status-b.test' }, { host: 'b.example:8443' }] },
              { publicUrl: 'https://example.com/status', hosts: [{ host: 'status.acme-pay.com' }] },
              { hosts: [] },
            ],
          }),
          'application/json',
        )
      if (url === '/') origins.push(origin)
      return site(url, accept)
    }
    const files: string[] = []
    const { count } = await collectPages(fetch, new Date(), async (file) => void files.push(file.file))
    // Read as each host: the host is what chooses the page (its links are its public URL, the routes' doing).
    expect(origins).toEqual(['https://status-b.test', 'https://b.example', 'https://status.acme-pay.com'])
    expect(files).toContain('hosts/status-b.test/index.html')
    expect(files).toContain('hosts/b.example/api/v1/status.json')
    expect(files).toContain('hosts/status.acme-pay.com/i/INC1/index.html')
    expect(count).toBe(files.length)
  })
  it('puts pages at <path>/index.html, API documents at <path>.json, and named files under their names', () => {
    expect(mirrorFileOf('/', 'text/html; charset=utf-8')).toBe('index.html')
    expect(mirrorFileOf('/s/payments', 'text/html')).toBe('s/payments/index.html')
    expect(mirrorFileOf('/history', 'text/html')).toBe('history/index.html')
    expect(mirrorFileOf('/api/v1/status', 'application/json; charset=utf-8')).toBe('api/v1/status.json')
    expect(mirrorFileOf('/feed.rss', 'application/rss+xml')).toBe('feed.rss')
    expect(mirrorFileOf('/maintenances.ics', 'text/calendar')).toBe('maintenances.ics')
    expect(mirrorFileOf('/api/v2/summary.json', 'application/json')).toBe('api/v2/summary.json')
  })

  it('refuses an address that could leave the directory', () => {
    for (const bad of ['/../etc/passwd', '/s/..', '/s/a%2F..', '/s//x'])
      expect(() => mirrorFileOf(bad, 'text/html'), bad).toThrow(UnsafePathError)
  })

  it("holds each range's page of each metric /api/v1/metrics lists, and no slug that could leave the directory", () => {
    expect(metricPaths([{ slug: 'api-latency' }, { slug: '..' }, { slug: 'a/b' }, { name: 'no slug' }])).toEqual([
      '/metrics/api-latency/day',
      '/metrics/api-latency/week',
      '/metrics/api-latency/month',
    ])
    expect(metricPaths({ slug: 'not a list' })).toEqual([])
    expect(mirrorFileOf('/metrics/api-latency/week', 'text/html')).toBe('metrics/api-latency/week/index.html')
  })

  it('writes every public address the site names, under the link, with a manifest', async () => {
    const dir = scratch()
    const fetch = cannedSite('v1', { expiresAt: Date.now() + 5000 })
    let expiresAt: number | null = null
    await writeSnapshot(dir, async (add) => {
      expiresAt = (await collectSite(fetch, new Date(), add)).expiresAt
      return { startedAt: new Date(), refreshAt: new Date(expiresAt!) }
    })

    const read = (file: string) => readFileSync(path.join(dir, file), 'utf8')
    expect(read('index.html')).toBe('<html>v1 /</html>')
    expect(read('s/payments/index.html')).toBe('<html>v1 /s/payments</html>')
    expect(read('g/core/index.html')).toBe('<html>v1 /g/core</html>')
    expect(read('i/INC1/index.html')).toBe('<html>v1 /i/INC1</html>')
    expect(read('m/MNT1/index.html')).toBe('<html>v1 /m/MNT1</html>')
    expect(read('history/index.html')).toBe('<html>v1 /history</html>')
    expect(read('feed.rss')).toBe('<rss>v1</rss>')
    expect(JSON.parse(read('api/v1/status.json')).data).toEqual({ version: 'v1', accept: 'application/json' })
    expect(JSON.parse(read('api/v1/incidents.json')).data).toEqual([{ shortId: 'INC1', v: 'v1' }])
    // The time-dependent answer's expiry is the copy's refresh time.
    expect(expiresAt).toBeGreaterThan(Date.now())
    const manifest = (await readManifest(dir))!
    expect(Object.keys(manifest.files)).toEqual(
      expect.arrayContaining([...FIXED_PATHS, '/s/payments', '/g/core', '/i/INC1', '/m/MNT1']),
    )
    expect(manifest.files['/api/v1/status']).toEqual({ file: 'api/v1/status.json', contentType: 'application/json' })
    expect(manifest.refreshAt).toBe(new Date(expiresAt!).toISOString())
    // The lists of the last 90 days are read whole, a hundred at a time.
    expect(fetch.calls).toContain(
      `/api/v1/incidents?from=${new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10)}&limit=100&page=1`,
    )
  })

  it('writes nothing when the origin fails a read: the last good copy stays', async () => {
    const dir = scratch()
    const copy = (fetch: Fetch) =>
      writeSnapshot(
        dir,
        async (add) => (await collectSite(fetch, new Date(), add), { startedAt: new Date(), refreshAt: new Date() }),
      )
    await copy(cannedSite('good'))
    await expect(copy(cannedSite('bad', { failing: '/api/v1/status' }))).rejects.toThrow('/api/v1/status answered 503')
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('<html>good /</html>')
    // The copy it had begun is removed: only the good one is left beside the link.
    expect(readdirSync(path.dirname(dir)).filter((entry) => entry.startsWith('mirror.'))).toHaveLength(1)
  })

  it('reads the records’ pages while a fixed page is still being read, and each address once', async () => {
    const site = cannedSite('v')
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    // /history answers only once the incident's and the service's pages were asked for: read in phases (the fixed
    // pages, then the lists, then the records), the copy would never end.
    const fetch: Fetch = async (url, accept) => {
      if (url === '/history') await held
      if (['/i/INC1', '/m/MNT1', '/s/payments'].every((page) => site.calls.includes(page))) release()
      return site(url, accept)
    }
    const added: string[] = []
    await collectSite(fetch, new Date(), async (file) => void added.push(file.path))
    expect(added).toEqual(expect.arrayContaining(['/history', '/i/INC1', '/m/MNT1', '/s/payments', '/g/core']))
    expect(site.calls.filter((url) => url === '/api/v1/services')).toHaveLength(1)
  })

  it('takes an empty directory over, and refuses one with somebody else’s files', async () => {
    const empty = scratch()
    mkdirSync(empty)
    await publishSnapshot(
      empty,
      [{ path: '/', file: 'index.html', contentType: 'text/html', body: Buffer.from('x') }],
      { startedAt: new Date(), refreshAt: new Date() },
    )
    expect(readlinkSync(empty)).toMatch(/^mirror\.\d{8}T\d{9}Z-[0-9a-f]{8}$/)

    const taken = scratch()
    mkdirSync(taken)
    writeFileSync(path.join(taken, 'precious.txt'), 'mine')
    await expect(publishSnapshot(taken, [], { startedAt: new Date(), refreshAt: new Date() })).rejects.toThrow(
      MirrorDirError,
    )
    expect(readFileSync(path.join(taken, 'precious.txt'), 'utf8')).toBe('mine')
  })
})

describe('the swap', () => {
  it('shows a reader during writes the old copy or the new one, whole, never a part', async () => {
    const dir = scratch()
    // Large files, so that a copy written in place would be seen half written.
    const copy = (n: number) => {
      const fill = (name: string) => Buffer.from(`${name}#${n}:`.padEnd(400_000, String(n % 10)))
      return [
        { path: '/', file: 'index.html', contentType: 'text/html', body: fill('index') },
        { path: '/api/v1/status', file: 'api/v1/status.json', contentType: 'application/json', body: fill('status') },
      ]
    }
    const whole = (name: string, text: string) => {
      const n = Number(/^[a-z]+#(\d+):/.exec(text)?.[1])
      return text === `${name}#${n}:`.padEnd(400_000, String(n % 10)) ? n : null
    }
    await publishSnapshot(dir, copy(0), { startedAt: new Date(), refreshAt: new Date() })

    let writing = true
    const seen: (number | string)[] = []
    const reader = async () => {
      while (writing) {
        for (const [name, file] of [
          ['index', 'index.html'],
          ['status', 'api/v1/status.json'],
        ]) {
          try {
            const n = whole(name, await readFile(path.join(dir, file), 'utf8'))
            seen.push(n ?? `partial ${file}`)
          } catch (error) {
            seen.push(`${(error as NodeJS.ErrnoException).code} ${file}`)
          }
        }
      }
    }
    const readers = [reader(), reader()]
    for (let n = 1; n <= 12; n++) await publishSnapshot(dir, copy(n), { startedAt: new Date(), refreshAt: new Date() })
    writing = false
    await Promise.all(readers)

    expect(seen.filter((entry) => typeof entry === 'string')).toEqual([])
    expect(new Set(seen).size).toBeGreaterThan(1) // the readers did see the copies change
    expect(whole('index', readFileSync(path.join(dir, 'index.html'), 'utf8'))).toBe(12)
    // The latest copy and the one before it are kept; older ones are removed.
    expect(readdirSync(path.dirname(dir)).filter((entry) => entry.startsWith('mirror.')).length).toBe(2)
  }, 60_000)
})

describe('when copies are written', () => {
  const changes = () => {
    const listeners = new Set<() => void>()
    return {
      onChange: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
      change: () => listeners.forEach((listener) => listener()),
    }
  }

  it('makes one copy of a burst of changes, and one more for a change during a write', async () => {
    const dir = scratch()
    const site = cannedSite('v')
    let gate: Promise<void> | null = null
    let copies = 0
    const fetch: Fetch = async (url, accept) => {
      if (url === '/') {
        copies += 1
        if (gate) await gate
      }
      return site(url, accept)
    }
    const { onChange, change } = changes()
    const mirror = startStaticMirror({ dir, fetch, lock: noLock(), onChange, debounceMs: 50, log: () => {} })
    for (let i = 0; i < 5; i++) change()
    await mirror.settled()
    expect(copies).toBe(1)

    let open!: () => void
    gate = new Promise((resolve) => (open = resolve))
    change()
    while (copies < 2) await new Promise((resolve) => setTimeout(resolve, 5)) // the second copy is being read
    change()
    change()
    open()
    gate = null
    await mirror.settled()
    expect(copies).toBe(3)
    await mirror.stop()
  })

  it('copies the first change after a quiet spell at once, without waiting for the debounce', async () => {
    const dir = scratch()
    const { onChange, change } = changes()
    // A debounce of ten minutes: a copy that waited for it would outlive the test's timeout.
    const mirror = startStaticMirror({
      dir,
      fetch: cannedSite('at once'),
      lock: noLock(),
      onChange,
      debounceMs: 600_000,
      log: () => {},
    })
    change()
    await mirror.settled()
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('<html>at once /</html>')
    await mirror.stop()
  })

  for (const source of ['this instance', 'another instance'] as const) {
    /**
     * A copy whose first page is held until the test lets it go; `homeReads` counts the reads of `/` (one per copy
     * begun). The clock is the test's: abandoning depends on how long ago the first copy was abandoned.
     */
    const heldCopies = (clock: { at: number }) => {
      const dir = scratch()
      const state = { version: 'v1', homeReads: 0, gate: null as Promise<void> | null }
      const fetch: Fetch = async (url, accept) => {
        const seen = state.version
        if (url === '/') {
          state.homeReads += 1
          if (state.gate) await state.gate
        }
        return cannedSite(seen)(url, accept)
      }
      const local = changes()
      const peer = changes()
      const mirror = startStaticMirror({
        dir,
        fetch,
        lock: noLock(),
        onChange: local.onChange,
        onPeerChange: peer.onChange,
        debounceMs: 50,
        abandonWindowMs: 1000,
        now: () => new Date(clock.at),
        log: () => {},
      })
      const hold = () => {
        let open!: () => void
        const gate = new Promise<void>((resolve) => (open = resolve))
        state.gate = gate
        // Letting an older copy go must not let go of the gate a newer hold put up meanwhile.
        return () => {
          if (state.gate === gate) state.gate = null
          open()
        }
      }
      const reads = async (n: number) => {
        while (state.homeReads < n) await new Promise((resolve) => setTimeout(resolve, 5))
      }
      const change = (version: string) => {
        state.version = version
        ;(source === 'this instance' ? local : peer).change()
      }
      const copies = () =>
        readdirSync(path.dirname(dir))
          .filter((entry) => entry.startsWith('mirror.'))
          .map((copy) => readFileSync(path.join(path.dirname(dir), copy, 'index.html'), 'utf8'))
          .sort()
      return { dir, state, mirror, hold, reads, change, local, copies }
    }

    it(`abandons a copy that a change of ${source} made outdated and reads again at once; after the window, it finishes`, async () => {
      const clock = { at: Date.parse('2026-11-26T10:00:00Z') }
      const { dir, state, mirror, hold, reads, change, local, copies } = heldCopies(clock)
      let release = hold()
      local.change()
      await reads(1) // the first copy is being read
      change('v2')
      const first = release
      // The copy read again is held too; a change during it, a second after the first was abandoned, does not
      // abandon it (it finishes, then one more).
      release = hold()
      first()
      await reads(2)
      // The outdated copy was never put in place: the one being read now is the first.
      expect(await readManifest(dir)).toBeNull()
      clock.at += 1000
      state.version = 'v3'
      local.change()
      release()
      await mirror.settled()
      expect(state.homeReads).toBe(3)
      expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('<html>v3 /</html>')
      // Two copies finished (v2's, then v3's); the abandoned one left nothing behind.
      expect(copies()).toEqual(['<html>v2 /</html>', '<html>v3 /</html>'])
      await mirror.stop()
    })

    it(`abandons again for a change of ${source} within a second of the first abandoned copy: a burst makes one copy after it`, async () => {
      const clock = { at: Date.parse('2026-11-26T10:00:00Z') }
      const { state, mirror, hold, reads, change, local, copies } = heldCopies(clock)
      let release = hold()
      local.change()
      await reads(1)
      change('v2')
      let previous = release
      release = hold()
      previous()
      await reads(2)
      clock.at += 999
      change('v3')
      previous = release
      release = hold()
      previous()
      await reads(3)
      release()
      await mirror.settled()
      expect(state.homeReads).toBe(3)
      // Only the copy begun after the last change was put in place.
      expect(copies()).toEqual(['<html>v3 /</html>'])
      await mirror.stop()
    })
  }

  it('writes again when a page expires, soonest after minRefreshMs, latest after refreshMs', async () => {
    const copyAfter = async (expiresAt: number | undefined) => {
      const dir = scratch()
      const mirror = startStaticMirror({
        dir,
        fetch: cannedSite('t', { expiresAt }),
        lock: noLock(),
        onChange: () => () => {},
        debounceMs: 0,
        refreshMs: 60_000,
        minRefreshMs: 5000,
        log: () => {},
      })
      mirror.request()
      await mirror.settled()
      await mirror.stop()
      const manifest = (await readManifest(dir))!
      return Date.parse(manifest.refreshAt) - Date.parse(manifest.startedAt)
    }
    const soon = Date.now() + 20_000
    expect(await copyAfter(soon)).toBeGreaterThan(15_000)
    expect(await copyAfter(soon)).toBeLessThanOrEqual(20_000)
    expect(await copyAfter(undefined)).toBe(60_000)
    // A time already past does not make a copy after copy.
    expect(await copyAfter(Date.now() - 1000)).toBe(5000)
  })

  it('keeps the last copy while the origin fails and writes once it answers again', async () => {
    const dir = scratch()
    let failing: string | undefined = '/'
    const good = cannedSite('again')
    const fetch: Fetch = (url, accept) =>
      failing && url === failing
        ? Promise.resolve({ status: 500, rawHeaders: [], body: Buffer.alloc(0) })
        : good(url, accept)
    const lines: string[] = []
    const mirror = startStaticMirror({
      dir,
      fetch,
      lock: noLock(),
      onChange: () => () => {},
      debounceMs: 0,
      log: (line) => lines.push(line),
    })
    mirror.request()
    while (!lines.some((line) => line.includes('could not write')))
      await new Promise((resolve) => setTimeout(resolve, 10))
    expect(await readManifest(dir)).toBeNull()
    failing = undefined
    while (!(await readManifest(dir))) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('<html>again /</html>')
    expect(lines.filter((line) => line.includes('could not write'))).toHaveLength(1) // logged once per outage
    await mirror.stop()
  })

  it('does not write again what another instance wrote since the change', async () => {
    const dir = scratch()
    const fetch = cannedSite('mine')
    const changedAt = new Date()
    // Another instance's copy, started after the change.
    await publishSnapshot(
      dir,
      [{ path: '/', file: 'index.html', contentType: 'text/html', body: Buffer.from('theirs') }],
      { startedAt: new Date(changedAt.getTime() + 1), refreshAt: new Date(Date.now() + 60_000) },
    )
    const mirror = startStaticMirror({
      dir,
      fetch,
      lock: noLock(),
      onChange: () => () => {},
      debounceMs: 0,
      log: () => {},
    })
    mirror.request(changedAt)
    await mirror.settled()
    expect(fetch.calls).toEqual([])
    // A change after their copy started is written.
    mirror.request(new Date(changedAt.getTime() + 2))
    await mirror.settled()
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('<html>mine /</html>')
    await mirror.stop()
  })

  it('waits while another instance holds the lock, then writes', async () => {
    const dir = scratch()
    let held = true
    const lock: MirrorLock = { run: async (work) => (held ? false : (await work(), true)), close: async () => {} }
    const mirror = startStaticMirror({
      dir,
      fetch: cannedSite('after the lock'),
      lock,
      onChange: () => () => {},
      debounceMs: 0,
      log: () => {},
    })
    mirror.request()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await readManifest(dir)).toBeNull()
    held = false
    while (!(await readManifest(dir))) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('<html>after the lock /</html>')
    await mirror.stop()
  })
})

describe('the lock, one writer at a time', () => {
  let redis: OwnRedis | undefined
  beforeAll(async () => {
    redis = await startRedis(await freePort())
  })
  afterAll(async () => {
    await redis?.stop()
  })

  /** While `first` runs its work, `second` is refused; afterwards it gets the lock. */
  async function exclusive(first: MirrorLock, second: MirrorLock): Promise<void> {
    let release!: () => void
    let entered!: () => void
    const inside = new Promise<void>((resolve) => (entered = resolve))
    const holding = first.run(() => {
      entered()
      return new Promise<void>((resolve) => (release = resolve))
    })
    await inside
    expect(await second.run(async () => {})).toBe(false)
    release()
    expect(await holding).toBe(true)
    expect(await second.run(async () => {})).toBe(true)
  }

  it('in Redis', async () => {
    const clients = [new Redis(redis!.url), new Redis(redis!.url)]
    await exclusive(redisLock(clients[0]), redisLock(clients[1]))
    for (const client of clients) client.disconnect()
  })

  it('in PostgreSQL (a session advisory lock)', async () => {
    const url = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
    await exclusive(postgresLock(url), postgresLock(url))
  })

  it('refuses, rather than writes, when the lock cannot be reached', async () => {
    const port = await freePort()
    expect(
      await postgresLock(`postgres://postgres@127.0.0.1:${port}/postgres`, { connectTimeoutMs: 500 }).run(
        async () => {},
      ),
    ).toBe(false)
  })
})

describe("docs/deployment.md's nginx fallback", () => {
  /** The `location @mirror { … }` block, its directives without comments or the root (which differs). */
  const mirrorBlock = (config: string) =>
    /location @mirror \{[\s\S]*?\n\s*\}\n/
      .exec(config)![0]
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter((line) => line && !line.startsWith('root '))

  it('is the configuration the end-to-end test runs', () => {
    const documented = readFileSync('docs/deployment.md', 'utf8')
    const tested = nginxConfig({
      prefix: '/tmp/x',
      port: 1,
      upstreams: ['127.0.0.1:2'],
      mirrorDir: '/var/lib/statuspage/mirror',
    })
    expect(mirrorBlock(documented)).toEqual(mirrorBlock(tested))
    expect(documented).toContain('error_page 502 503 504 = @mirror;')
    expect(tested).toContain('error_page 502 503 504 = @mirror;')
  })
})
