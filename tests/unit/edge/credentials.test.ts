/**
 * Credentials checked at the edge (src/edge/credentials.ts), for the upload allowance: a session token is taken
 * only when it carries Payload's signature with the service's secret and has not expired; an API key only when
 * Payload knows it, asked once a minute per key.
 */
import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'

import { createCredentialCheck, payloadSigningKey } from '@/edge/credentials'

const SECRET = 'a-long-enough-secret-for-tests-0123456789'
const NOW = Date.UTC(2026, 10, 27, 12)

/** A token signed as Payload signs its sessions (payload/dist/auth/jwt.js: HS256 over payload.secret). */
function session(secret: string, expiresInSeconds: number): Promise<string> {
  const issuedAt = Math.floor(NOW / 1000)
  return new SignJWT({ id: 1, collection: 'users', sid: 'x' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + expiresInSeconds)
    .sign(new TextEncoder().encode(payloadSigningKey(secret)))
}

describe('credentials at the edge', () => {
  const asked: string[] = []
  const check = createCredentialCheck({
    payloadSecret: SECRET,
    knowsApiKey: async (authorization) => {
      asked.push(authorization)
      return authorization === 'users API-Key real'
    },
    now: () => NOW,
  })

  it('takes a session signed with the secret, in the cookie or the Authorization header', async () => {
    const token = await session(SECRET, 3600)
    expect(check({ cookie: `theme=dark; payload-token=${token}` })).toBe(true)
    expect(check({ authorization: `JWT ${token}` })).toBe(true)
    expect(check({ authorization: `Bearer ${token}` })).toBe(true)
  })

  it('refuses a forged, expired, re-signed or malformed session', async () => {
    const token = await session(SECRET, 3600)
    expect(check({ cookie: 'payload-token=forged' })).toBe(false)
    expect(check({ cookie: `payload-token=${await session(SECRET, -1)}` })).toBe(false)
    expect(check({ cookie: `payload-token=${await session('another-secret-of-enough-length', 3600)}` })).toBe(false)
    const [head, , signature] = token.split('.')
    const claims = Buffer.from(JSON.stringify({ id: 1, collection: 'users', exp: 4e9 })).toString('base64url')
    expect(check({ cookie: `payload-token=${head}.${claims}.${signature}` })).toBe(false)
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')
    expect(check({ cookie: `payload-token=${none}.${claims}.` })).toBe(false)
    expect(check({})).toBe(false)
  })

  it('asks Payload about an API key once, and keeps the answer', async () => {
    asked.length = 0
    expect(await check({ authorization: 'users API-Key real' })).toBe(true)
    expect(await check({ authorization: 'users API-Key real' })).toBe(true)
    expect(await check({ authorization: 'users API-Key forged' })).toBe(false)
    expect(asked).toEqual(['users API-Key real', 'users API-Key forged'])
  })

  it('asks again after a failed question, and verifies no session without a secret', async () => {
    let fail = true
    const flaky = createCredentialCheck({
      payloadSecret: '',
      knowsApiKey: async () => {
        if (fail) throw new Error('Payload is starting')
        return true
      },
    })
    expect(await flaky({ authorization: 'users API-Key k' })).toBe(false)
    fail = false
    expect(await flaky({ authorization: 'users API-Key k' })).toBe(true)
    expect(flaky({ cookie: `payload-token=${await session('', 3600)}` })).toBe(false)
  })
})
