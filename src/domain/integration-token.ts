/**
 * Integration tokens: 256 random bits, shown once, stored only as their SHA-256. A token is looked up by its hash
 * (a unique index), so a wrong token costs one indexed read and the stored value is useless to a reader of the
 * database. Unsalted on purpose: the token is random and long, so there is nothing to guess a dictionary of.
 */
import { createHash, randomBytes } from 'node:crypto'

const PREFIX = 'spi_'

/** The webhook's 401: the edge answers it for a token that cannot exist, the route for one that does not. */
export const WEBHOOK_UNAUTHORIZED_MESSAGE =
  'A valid integration token is required: send Authorization: Bearer <token>, or POST to /api/integrations/webhook/<token>.'

export function newIntegrationToken(): string {
  return PREFIX + randomBytes(32).toString('base64url')
}

export function hashIntegrationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Whether a string can be a token at all: anything else is refused before the database is asked. */
export function looksLikeToken(value: string): boolean {
  return value.startsWith(PREFIX) && /^[A-Za-z0-9_-]{40,60}$/.test(value.slice(PREFIX.length))
}

/** The token from `Authorization: Bearer <token>` (or Basic with the token as password, for Grafana's basic auth). */
export function tokenFromHeader(header: string | null | undefined): string | null {
  if (!header) return null
  const [scheme, credentials] = header.trim().split(/\s+/, 2)
  if (!credentials) return null
  if (scheme.toLowerCase() === 'bearer') return credentials
  if (scheme.toLowerCase() === 'basic') {
    const decoded = Buffer.from(credentials, 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    return colon === -1 ? null : decoded.slice(colon + 1)
  }
  return null
}

/** The webhook paths: `/api/integrations/webhook` and `/api/integrations/webhook/<token>`. */
export const WEBHOOK_PATH = '/api/integrations/webhook'

/** The token a webhook request carries (in its path, else its Authorization header), or null. */
export function webhookToken(pathname: string, authorization: string | null | undefined): string | null {
  if (pathname.startsWith(`${WEBHOOK_PATH}/`)) {
    try {
      return decodeURIComponent(pathname.slice(WEBHOOK_PATH.length + 1))
    } catch {
      return null
    }
  }
  return tokenFromHeader(authorization)
}
