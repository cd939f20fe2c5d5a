/**
 * The first account on an empty database (docs/security.md): until it exists, whoever reaches the port first could
 * make it, so `POST /api/users/first-register` (the admin's first-user form sends the same) must carry the setup
 * code the server prints in its log. Without it or with a wrong one: 400 naming `setupCode`, nobody created.
 */
import { describe, expect, it } from 'vitest'

import { setupCodeFor } from '@/domain/setup-code'
import { api, payload } from '../helpers/api'

const PASSWORD = 'a long enough first password'

async function users(): Promise<number> {
  return (await (await payload()).count({ collection: 'users', overrideAccess: true })).totalDocs
}

describe('the first user on an empty database', () => {
  it('is refused without the setup code: 400 naming setupCode, nobody created', async () => {
    expect(await users()).toBe(0)
    const res = await api('POST', '/users/first-register', {
      body: { email: 'first@example.test', password: PASSWORD },
    })
    expect(res.status, res.text).toBe(400)
    expect(res.text).toContain('setupCode')
    expect(res.text).toContain('the server prints it in its log')
    expect(await users()).toBe(0)
  })

  it('is refused with a wrong setup code: 400 naming setupCode, nobody created', async () => {
    for (const setupCode of ['AAAA-AAAA-AAAA', setupCodeFor('another secret'), { equals: 'x' }, '']) {
      const res = await api('POST', '/users/first-register', {
        body: { email: 'first@example.test', password: PASSWORD, setupCode },
      })
      expect(res.status, `${JSON.stringify(setupCode)}: ${res.text}`).toBe(400)
      expect(res.text).toContain('setupCode')
    }
    expect(await users()).toBe(0)
  })

  it('is created with the right code, however it is typed: an administrator, signed in, the code not stored', async () => {
    const code = setupCodeFor((await payload()).secret)
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/)
    const typed = ` ${code.toLowerCase().replace(/-/g, ' ')} `
    const res = await api('POST', '/users/first-register', {
      body: { email: 'first@example.test', password: PASSWORD, setupCode: typed, role: 'editor' },
    })
    expect(res.status, res.text).toBe(200)
    expect(res.body.user).toMatchObject({ email: 'first@example.test', role: 'admin' })
    expect(res.body.user).not.toHaveProperty('setupCode')
    expect(res.body.token).toEqual(expect.any(String))
    const me = await api('GET', '/users/me', { token: res.body.token })
    expect(me.body.user).toMatchObject({ email: 'first@example.test' })
    expect(me.body.user).not.toHaveProperty('setupCode')
  })

  it('is closed once a user exists, the right code or not', async () => {
    const res = await api('POST', '/users/first-register', {
      body: { email: 'second@example.test', password: PASSWORD, setupCode: setupCodeFor((await payload()).secret) },
    })
    expect([401, 403]).toContain(res.status)
    expect(await users()).toBe(1)
  })
})
