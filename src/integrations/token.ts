/**
 * Integration tokens: 256 random bits, shown once, stored only as their SHA-256. A token is looked up by its hash
 * (a unique index), so a wrong token costs one indexed read and the stored value is useless to a reader of the
 * database. Unsalted on purpose: the token is random and long, so there is nothing to guess a dictionary of.
 */
import { createHash, randomBytes } from 'node:crypto'

const PREFIX = 'spi_'

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
