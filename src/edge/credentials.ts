/**
 * Whether a request's credentials are real, checked at the edge before its body is held (src/edge/request-body.ts):
 * only a verified session or API key gets the upload allowance, since the presence of a header or a cookie costs a
 * stranger nothing. A session is Payload's token (the `payload-token` cookie, or `JWT …` / `Bearer …`), checked
 * here by its HS256 signature and expiry, with no database; an API key has only its hash in the database, so it
 * is asked of Payload itself (GET /api/users/me over the loopback) and the answer kept for a minute.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

import { LRUCache } from 'lru-cache'

/** Payload signs its tokens with the first 32 hexadecimal digits of the SHA-256 of PAYLOAD_SECRET (payload.secret). */
export function payloadSigningKey(payloadSecret: string): string {
  return createHash('sha256').update(payloadSecret).digest('hex').slice(0, 32)
}

const SESSION_COOKIE = /(?:^|;\s*)payload-token=([^;]*)/

/** The session token a request carries, where Payload looks for it. */
function sessionToken(headers: { authorization?: string; cookie?: string }): string | null {
  const authorization = headers.authorization
  if (authorization?.startsWith('JWT ')) return authorization.slice(4)
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7)
  const cookie = headers.cookie && SESSION_COOKIE.exec(headers.cookie)
  return cookie ? cookie[1] : null
}

function decodePart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/**
 * Whether `token` is a session token signed with `signingKey` that has not expired at `nowSeconds`. The session
 * itself (a logout, a deleted user) is Payload's to check: this decides only how much of a body the edge holds.
 */
export function isSignedSession(token: string, signingKey: string, nowSeconds: number): boolean {
  const parts = token.split('.')
  if (parts.length !== 3) return false
  const [head, claims, signature] = parts
  if (decodePart(head)?.alg !== 'HS256') return false
  const expected = createHmac('sha256', signingKey).update(`${head}.${claims}`).digest()
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false
  const exp = decodePart(claims)?.exp
  return typeof exp === 'number' && exp > nowSeconds
}

export type CredentialCheck = (headers: { authorization?: string; cookie?: string }) => boolean | Promise<boolean>

interface CredentialCheckOptions {
  /** PAYLOAD_SECRET as Payload reads it. */
  payloadSecret: string
  /** Whether Payload knows this `Authorization: users API-Key …` header (asked over the loopback). */
  knowsApiKey: (authorization: string) => Promise<boolean>
  now?: () => number
}

/** How long an API key's answer is kept: a revoked key keeps the upload allowance (not its access) this long. */
const API_KEY_ANSWER_MS = 60_000

export function createCredentialCheck({
  payloadSecret,
  knowsApiKey,
  now = Date.now,
}: CredentialCheckOptions): CredentialCheck {
  const signingKey = payloadSecret ? payloadSigningKey(payloadSecret) : null
  // Keyed by the header's hash, so the keys themselves are not kept in memory.
  const answers = new LRUCache<string, Promise<boolean>>({ max: 1000, ttl: API_KEY_ANSWER_MS })
  return (headers) => {
    const authorization = headers.authorization
    if (authorization?.startsWith('users API-Key ')) {
      const id = createHash('sha256').update(authorization).digest('base64url')
      let answer = answers.get(id)
      if (!answer) {
        // A failed question is asked again next time: Payload may only have been starting.
        answer = knowsApiKey(authorization).catch(() => {
          answers.delete(id)
          return false
        })
        answers.set(id, answer)
      }
      return answer
    }
    const token = sessionToken(headers)
    return signingKey !== null && token !== null && isSignedSession(token, signingKey, Math.floor(now() / 1000))
  }
}
