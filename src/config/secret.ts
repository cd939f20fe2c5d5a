import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { env } from './env'

/** Values that appear in templates, tutorials and .env examples: a secret anyone can read is no secret. */
const WELL_KNOWN = new Set([
  'secret',
  'changeme',
  'change-me',
  'your_secret_here',
  'your-secret',
  'your-secret-here',
  'payload',
  'password',
  'test',
  'dev',
  'development',
])
const MIN_LENGTH = 16

export class InsecureSecretError extends Error {}

export function isWeakSecret(secret: string): boolean {
  return secret.length < MIN_LENGTH || WELL_KNOWN.has(secret.toLowerCase())
}

export interface SecretEnv {
  PAYLOAD_SECRET?: string
  DATABASE_URL?: string
  NODE_ENV?: string
  NEXT_PHASE?: string
}

/**
 * PAYLOAD_SECRET signs sessions and encrypts API keys. A deployment on a database server must supply its own,
 * strong one. An embedded SQLite database (no DATABASE_URL, or a `file:` one) keeps its whole state in one folder:
 * there a generated secret is kept beside the database file, so `npm start` works on a fresh machine, sessions
 * survive restarts, and the secret goes wherever the database goes.
 */
export function resolvePayloadSecret(settings: SecretEnv = env(), dataDir = path.resolve('data')): string {
  // `next build` evaluates the config to collect routes; nothing it signs outlives the build.
  if (settings.NEXT_PHASE === 'phase-production-build')
    return settings.PAYLOAD_SECRET || 'build-phase-placeholder-not-used-at-runtime'
  const given = settings.PAYLOAD_SECRET?.trim()
  if (given) {
    if (isWeakSecret(given)) {
      throw new InsecureSecretError(
        `PAYLOAD_SECRET is a well-known or short value; set at least ${MIN_LENGTH} random characters (e.g. \`openssl rand -hex 32\`).`,
      )
    }
    return given
  }
  const database = settings.DATABASE_URL?.trim()
  if (database?.startsWith('file:')) return localSecret(path.dirname(path.resolve(database.slice('file:'.length))))
  if (database && settings.NODE_ENV === 'production') {
    throw new InsecureSecretError(
      'PAYLOAD_SECRET is required when DATABASE_URL is a database server in production; set at least 16 random characters.',
    )
  }
  return localSecret(dataDir)
}

function localSecret(dataDir: string): string {
  const file = path.join(dataDir, '.payload-secret')
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim()
    if (stored.length >= MIN_LENGTH) return stored
  }
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret, { mode: 0o600 })
  chmodSync(file, 0o600)
  return secret
}
