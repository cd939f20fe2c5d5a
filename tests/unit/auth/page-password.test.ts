import { describe, expect, it } from 'vitest'

import { hashPagePassword, verifyPagePassword } from '@/auth/page-password'

describe("a private page's password", () => {
  it('is stored salted (two hashes of one password differ) and verifies only the password it was made from', async () => {
    const first = await hashPagePassword('correct horse battery')
    const second = await hashPagePassword('correct horse battery')
    expect(first).toMatch(/^scrypt\$15\$8\$1\$[\w-]+\$[\w-]+$/)
    expect(first).not.toBe(second)
    expect(await verifyPagePassword('correct horse battery', first)).toBe(true)
    expect(await verifyPagePassword('correct horse batter', first)).toBe(false)
  })

  it('refuses what is not such a hash, and parameters no stored hash of ours asks for', async () => {
    expect(await verifyPagePassword('x', 'plain text')).toBe(false)
    const hash = await hashPagePassword('correct horse battery')
    expect(await verifyPagePassword('correct horse battery', hash.replace('scrypt$15$', 'scrypt$30$'))).toBe(false)
  })
})
