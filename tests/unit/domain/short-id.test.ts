import { describe, expect, it, vi } from 'vitest'

import { SHORT_ID_ALPHABET, SHORT_ID_LENGTH, generateShortId, isShortId, uniqueShortId } from '@/domain/short-id'

describe('short id alphabet', () => {
  it('is lower-case letters and digits without look-alikes, each once', () => {
    expect(SHORT_ID_ALPHABET).toMatch(/^[a-z0-9]+$/)
    expect(new Set(SHORT_ID_ALPHABET).size).toBe(SHORT_ID_ALPHABET.length)
    for (const lookalike of ['0', 'o', '1', 'l', 'i']) expect(SHORT_ID_ALPHABET).not.toContain(lookalike)
  })

  it('is long enough, with the length, to make collisions rare', () => {
    // At least 10^14 ids: the retry loop is for the rare collision, not the common case.
    expect(SHORT_ID_LENGTH * Math.log10(SHORT_ID_ALPHABET.length)).toBeGreaterThan(14)
  })
})

describe('generateShortId', () => {
  it('has the fixed length and only alphabet characters, and is URL-safe', () => {
    for (let i = 0; i < 1000; i++) {
      const id = generateShortId()
      expect(id).toHaveLength(SHORT_ID_LENGTH)
      expect([...id].every((c) => SHORT_ID_ALPHABET.includes(c))).toBe(true)
      expect(encodeURIComponent(id)).toBe(id)
      expect(isShortId(id)).toBe(true)
    }
  })

  it('draws each character from the whole alphabet', () => {
    const draws: number[] = []
    const draw = vi.fn((max: number) => {
      draws.push(max)
      return draws.length - 1
    })
    expect(generateShortId(draw)).toBe(SHORT_ID_ALPHABET.slice(0, SHORT_ID_LENGTH))
    expect(draws).toEqual(Array(SHORT_ID_LENGTH).fill(SHORT_ID_ALPHABET.length))
    expect(generateShortId(() => SHORT_ID_ALPHABET.length - 1)).toBe(SHORT_ID_ALPHABET.at(-1)!.repeat(SHORT_ID_LENGTH))
  })

  it('does not repeat in 20,000 draws', () => {
    const ids = new Set(Array.from({ length: 20_000 }, () => generateShortId()))
    expect(ids.size).toBe(20_000)
  })

  it('uses every character about equally often (cheap uniformity check)', () => {
    // 20,000 ids × 10 characters = 200,000 characters over 31 symbols: about 6,452 each. Pearson's chi-square over 30
    // degrees of freedom averages 30 for a uniform draw; it exceeds 100 with probability below 1e-8, so the bound
    // never fails by chance. A missing character scores about 6,500, and the classic modulo bias (a random byte % 31
    // favours the first 8 characters 9:8) about 560.
    const counts = new Map<string, number>()
    const ids = 20_000
    for (let i = 0; i < ids; i++) for (const c of generateShortId()) counts.set(c, (counts.get(c) ?? 0) + 1)
    expect([...counts.keys()].sort().join('')).toBe([...SHORT_ID_ALPHABET].sort().join(''))
    const expected = (ids * SHORT_ID_LENGTH) / SHORT_ID_ALPHABET.length
    const chiSquare = [...counts.values()].reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0)
    expect(chiSquare).toBeLessThan(100)
  })

  it('the uniformity check would catch a modulo-biased generator', () => {
    // The same statistic over a deliberately biased draw (byte % 31), to show the bound above has teeth.
    let state = 1
    const biased = (max: number) => ((state = (state * 1103515245 + 12345) % 2 ** 31) % 256) % max
    const counts = new Map<string, number>()
    for (let i = 0; i < 20_000; i++) for (const c of generateShortId(biased)) counts.set(c, (counts.get(c) ?? 0) + 1)
    const expected = 200_000 / SHORT_ID_ALPHABET.length
    const chiSquare = [...SHORT_ID_ALPHABET].reduce(
      (sum, c) => sum + ((counts.get(c) ?? 0) - expected) ** 2 / expected,
      0,
    )
    expect(chiSquare).toBeGreaterThan(100)
  })

  it('every position varies (no fixed prefix or suffix)', () => {
    const perPosition = Array.from({ length: SHORT_ID_LENGTH }, () => new Set<string>())
    for (let i = 0; i < 2000; i++) [...generateShortId()].forEach((c, p) => perPosition[p].add(c))
    for (const seen of perPosition) expect(seen.size).toBe(SHORT_ID_ALPHABET.length)
  })
})

describe('isShortId', () => {
  it('refuses wrong lengths, look-alikes, upper case and other characters', () => {
    const good = 'abcdefghjk'
    expect(isShortId(good)).toBe(true)
    expect(isShortId(good.slice(1))).toBe(false)
    expect(isShortId(good + 'm')).toBe(false)
    expect(isShortId('')).toBe(false)
    expect(isShortId('ABCDEFGHJK')).toBe(false)
    expect(isShortId('abcdefghj0')).toBe(false)
    expect(isShortId('abcdefghjl')).toBe(false)
    expect(isShortId('abcdefghj-')).toBe(false)
    expect(isShortId('abcd/fghjk')).toBe(false)
  })
})

describe('uniqueShortId', () => {
  const sequence = (...ids: string[]) => {
    let i = 0
    return () => ids[i++] ?? 'exhausted!'
  }

  it('returns the first candidate that is free, checking only until then', async () => {
    const isTaken = vi.fn(async () => false)
    expect(await uniqueShortId(isTaken, 8, sequence('aaaaaaaaaa', 'bbbbbbbbbb'))).toBe('aaaaaaaaaa')
    expect(isTaken).toHaveBeenCalledTimes(1)
    expect(isTaken).toHaveBeenCalledWith('aaaaaaaaaa')
  })

  it('retries on a collision with a new candidate', async () => {
    const taken = new Set(['aaaaaaaaaa', 'bbbbbbbbbb'])
    const isTaken = vi.fn(async (candidate: string) => taken.has(candidate))
    expect(await uniqueShortId(isTaken, 8, sequence('aaaaaaaaaa', 'bbbbbbbbbb', 'cccccccccc'))).toBe('cccccccccc')
    expect(isTaken.mock.calls.map(([c]) => c)).toEqual(['aaaaaaaaaa', 'bbbbbbbbbb', 'cccccccccc'])
  })

  it('succeeds on the last allowed attempt', async () => {
    let calls = 0
    const id = await uniqueShortId(async () => ++calls < 3, 3, sequence('aaaaaaaaaa', 'bbbbbbbbbb', 'cccccccccc'))
    expect(id).toBe('cccccccccc')
  })

  it('gives up after the retry limit instead of looping forever', async () => {
    const isTaken = vi.fn(async () => true)
    await expect(uniqueShortId(isTaken, 5)).rejects.toThrow(/5 attempts/)
    expect(isTaken).toHaveBeenCalledTimes(5)
  })

  it('has a finite default limit', async () => {
    const isTaken = vi.fn(async () => true)
    await expect(uniqueShortId(isTaken)).rejects.toThrow()
    expect(isTaken.mock.calls.length).toBeGreaterThan(1)
    expect(isTaken.mock.calls.length).toBeLessThan(100)
  })

  it('propagates a failing uniqueness check', async () => {
    await expect(uniqueShortId(async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down')
  })

  it('generates real short ids by default', async () => {
    expect(isShortId(await uniqueShortId(async () => false))).toBe(true)
  })
})
