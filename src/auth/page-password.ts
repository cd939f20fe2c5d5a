/**
 * A private page's passwords, stored as scrypt hashes (memory-hard: 32 MiB a guess, so a stolen database is slow to
 * guess through): `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`, salt and hash in base64url. The parameters are stored
 * with each hash, so stronger ones later still verify the older hashes.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

const LOG_N = 15
const R = 8
const P = 1
const KEY_BYTES = 32
/** Node refuses scrypt above 32 MiB by default; N = 2^15, r = 8 takes exactly that, so leave room. */
const MAX_MEMORY = 64 * 1024 * 1024

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, { N: 2 ** logN, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

export const isPasswordHash = (value: unknown): value is string =>
  typeof value === 'string' && /^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/.test(value)

export async function hashPagePassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await derive(password, salt, LOG_N, R, P)
  return ['scrypt', LOG_N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$')
}

/** Whether `password` is the one `stored` was made from; false for anything that is not such a hash. */
export async function verifyPagePassword(password: string, stored: string): Promise<boolean> {
  if (!isPasswordHash(stored)) return false
  const [, logN, r, p, salt, hash] = stored.split('$')
  const expected = Buffer.from(hash, 'base64url')
  // Bounds on what a stored value may ask for: a hash edited in the database must not stall the process.
  if (Number(logN) > 20 || Number(r) > 16 || Number(p) > 4 || expected.length !== KEY_BYTES) return false
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(logN), Number(r), Number(p))
  return timingSafeEqual(actual, expected)
}
