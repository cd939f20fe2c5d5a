import { describe, expect, it } from 'vitest'

import { openSecret, sealSecret } from '@/auth/secret-box'

const SECRET = 'a-payload-secret-of-32-characters'

describe('a credential sealed at rest', () => {
  it('is not stored as typed, differs each time, and opens to what was sealed', () => {
    const first = sealSecret('client-secret-value', SECRET)
    const second = sealSecret('client-secret-value', SECRET)
    expect(first).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/)
    expect(first).not.toContain('client-secret-value')
    expect(first).not.toBe(second)
    expect(openSecret(first, SECRET)).toBe('client-secret-value')
  })

  it('does not open under another secret, altered, or when it is not a sealed value', () => {
    const sealed = sealSecret('client-secret-value', SECRET)
    expect(openSecret(sealed, 'another-secret-of-32-characters!!')).toBeNull()
    const body = sealed.split('.')[2]
    const altered = sealed.replace(body, (body[0] === 'A' ? 'B' : 'A') + body.slice(1))
    expect(openSecret(altered, SECRET)).toBeNull()
    expect(openSecret('client-secret-value', SECRET)).toBeNull()
    expect(openSecret('v1.x.y', SECRET)).toBeNull()
  })
})
