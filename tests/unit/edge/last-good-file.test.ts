/**
 * The last good copies on disk (issue 22): written whole (a temporary file renamed over the old one), read back
 * into a new cache as last good copies only, and a damaged file is ignored with one log line.
 */
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { keepLastGood, lastGoodFile, loadLastGood } from '../../../src/edge/last-good-file'
import { createResponseCache, prepareResponse } from '../../../src/edge/response-cache'
import { currentDataVersion } from '../../../src/runtime/data-version'

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

  it('starts without them when the file is damaged, and says so once', () => {
    const file = lastGoodFile(mkdtempSync(path.join(os.tmpdir(), 'sp-last-good-')))
    writeFileSync(file, '{"format":1,"entries":[')
    const lines: string[] = []
    expect(loadLastGood(file, (line) => lines.push(line))).toEqual([])
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('not readable')
    expect(loadLastGood(path.join(path.dirname(file), 'absent.json'), (line) => lines.push(line))).toEqual([])
    expect(lines).toHaveLength(1)
    expect(existsSync(file)).toBe(true)
  })
})
