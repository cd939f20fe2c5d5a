import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { InsecureSecretError, resolvePayloadSecret } from '@/config/secret'

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'sp-secret-'))

describe('resolvePayloadSecret', () => {
  it('generates a secret for the embedded default, keeps it private under the data folder, and reuses it', () => {
    const dir = tempDir()
    const first = resolvePayloadSecret({ NODE_ENV: 'production' }, dir)
    expect(first).toMatch(/^[0-9a-f]{64}$/)
    expect(readFileSync(path.join(dir, '.payload-secret'), 'utf8')).toBe(first)
    expect(statSync(path.join(dir, '.payload-secret')).mode & 0o777).toBe(0o600)
    expect(resolvePayloadSecret({ NODE_ENV: 'production' }, dir)).toBe(first)
  })

  it('uses a strong secret it is given, and does not write one', () => {
    const dir = tempDir()
    expect(resolvePayloadSecret({ PAYLOAD_SECRET: 'k2P9xq7Lm4Vb8Zr1Tt6Y', NODE_ENV: 'production' }, dir)).toBe(
      'k2P9xq7Lm4Vb8Zr1Tt6Y',
    )
    expect(() => statSync(path.join(dir, '.payload-secret'))).toThrow()
  })

  it.each(['changeme', 'YOUR_SECRET_HERE', 'secret', 'short'])(
    'refuses the well-known or short secret %s',
    (secret) => {
      expect(() => resolvePayloadSecret({ PAYLOAD_SECRET: secret }, tempDir())).toThrow(InsecureSecretError)
    },
  )

  it('keeps a generated secret beside an embedded database given as a file: URL', () => {
    const dir = tempDir()
    const secret = resolvePayloadSecret(
      { DATABASE_URL: `file:${path.join(dir, 'demo.db')}`, NODE_ENV: 'production' },
      tempDir(),
    )
    expect(readFileSync(path.join(dir, '.payload-secret'), 'utf8')).toBe(secret)
  })

  it('refuses to run a configured database in production without a secret', () => {
    expect(() =>
      resolvePayloadSecret({ DATABASE_URL: 'postgres://db/status', NODE_ENV: 'production' }, tempDir()),
    ).toThrow(/required/)
  })
})
