/**
 * The last good copies on disk: written whole (a temporary file renamed over the old one), read back
 * into a new cache as last good copies only, byte for byte, a file of the first format read once, and a damaged file
 * is ignored with one log line.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { keepLastGood, lastGoodFile, loadLastGood, saveLastGood } from '@/edge/last-good-file'
import { createResponseCache, prepareResponse } from '@/edge/response-cache'
import { currentDataVersion } from '@/runtime/data-version'

const cacheOf = () =>
  createResponseCache({ origin: () => Promise.reject(new Error('no origin')), maxEntries: 10, maxBytes: 1 << 20 })

function kept(body: string, contentType = 'application/json') {
  return prepareResponse(
    { status: 200, rawHeaders: ['content-type', contentType, 'etag', `"${body.length}"`], body: Buffer.from(body) },
    Date.now(),
  )
}

describe('last good copies on disk', () => {
  it('writes them at close and loads them into a new cache as last good copies, not as fresh entries', async () => {
    const file = lastGoodFile(mkdtempSync(path.join(os.tmpdir(), 'sp-last-good-')))
    const before = cacheOf()
    const keeper = keepLastGood(before, file)
    before.store.set('host /api/v1/status', kept('{"data":1}'), currentDataVersion(), 1_800_000_000_000)
    before.store.set(
      'host /',
      kept('<main>x</main>', 'text/html; charset=utf-8'),
      currentDataVersion(),
      1_800_000_000_000,
    )
    await keeper.close()
    expect(readdirSync(path.dirname(file))).toEqual([path.basename(file)])

    const after = cacheOf()
    keepLastGood(after, file).close()
    expect(after.store.size).toBe(0)
    const copy = after.store.lastGoodCopy('host /api/v1/status')!
    expect(copy.body.toString()).toBe('{"data":1}')
    expect(copy).toMatchObject({
      status: 200,
      etag: '"10"',
      storedAt: 1_800_000_000_000,
      headers: { 'content-type': 'application/json' },
    })
    expect(after.store.lastGoodCopy('host /')!.body.toString()).toBe('<main>x</main>')
  })

  it('keeps every byte of a body: line breaks, bytes that are not UTF-8, an empty body', async () => {
    const file = lastGoodFile(mkdtempSync(path.join(os.tmpdir(), 'sp-last-good-')))
    const bodies = [
      Buffer.from([0x0a, 0xff, 0x00, 0x1f, 0x8b, 0x0a]),
      Buffer.alloc(0),
      Buffer.from('{"line":"a\\nb"}\n'),
    ]
    const cache = cacheOf()
    bodies.forEach((body, i) =>
      cache.store.set(
        `host /api/v1/${i}`,
        prepareResponse({ status: 200, rawHeaders: ['content-type', 'application/octet-stream'], body }, Date.now()),
        currentDataVersion(),
      ),
    )
    await saveLastGood(file, cache.store.lastGoodCopies())
    const loaded = new Map(loadLastGood(file).map((copy) => [copy.key, copy.body]))
    bodies.forEach((body, i) => expect(loaded.get(`host /api/v1/${i}`)).toEqual(body))
  })

  it('reads the first format (base64 in JSON, last-good-copies.json) once, and the next save replaces it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sp-last-good-'))
    const legacy = path.join(dir, 'last-good-copies.json')
    const entry = { key: 'host /', status: 200, headers: { 'content-type': 'text/html' }, storedAt: 1_800_000_000_000 }
    writeFileSync(
      legacy,
      JSON.stringify({ format: 1, entries: [{ ...entry, body: Buffer.from('<main>old</main>').toString('base64') }] }),
    )
    const cache = cacheOf()
    const keeper = keepLastGood(cache, lastGoodFile(dir))
    expect(cache.store.lastGoodCopy('host /')).toMatchObject({ ...entry, body: Buffer.from('<main>old</main>') })
    cache.store.set('host /api/v1/status', kept('{"data":2}'), currentDataVersion())
    await keeper.close()
    expect(readdirSync(dir)).toEqual([path.basename(lastGoodFile(dir))])
    expect(
      loadLastGood(lastGoodFile(dir))
        .map((copy) => copy.key)
        .sort(),
    ).toEqual(['host /', 'host /api/v1/status'])
  })

  it('starts without them when the file is damaged, and says so once', async () => {
    const file = lastGoodFile(mkdtempSync(path.join(os.tmpdir(), 'sp-last-good-')))
    const lines: string[] = []
    const cache = cacheOf()
    cache.store.set('host /api/v1/status', kept('{"data":1}'), currentDataVersion())
    await saveLastGood(file, cache.store.lastGoodCopies())
    const whole = readFileSync(file)
    // Cut short, one byte too many, a description that is not JSON, and no description at all.
    for (const damaged of [
      whole.subarray(0, whole.length - 1),
      Buffer.concat([whole, Buffer.from('x')]),
      Buffer.concat([Buffer.from('{"format":2,'), whole.subarray(whole.indexOf(10))]),
      Buffer.from('{"format":1,"entries":['),
    ]) {
      writeFileSync(file, damaged)
      expect(loadLastGood(file, (line) => lines.push(line))).toEqual([])
    }
    expect(lines).toHaveLength(4)
    expect(lines.every((line) => line.includes('not readable'))).toBe(true)
    expect(loadLastGood(path.join(path.dirname(file), 'absent'), (line) => lines.push(line))).toEqual([])
    expect(lines).toHaveLength(4)
    expect(existsSync(file)).toBe(true)
  })
})
