/**
 * Credentials the server must use again (an identity provider's client secret), encrypted at rest with AES-256-GCM
 * under a key derived from PAYLOAD_SECRET: a copy of the database alone (a backup, a dump handed to support) does not
 * give them away, and a stored value altered in the database fails to open instead of being used. Payload's own
 * encrypt() is AES-CTR without an authentication tag, hence this.
 *
 * A sealed value is `v1.<iv>.<ciphertext><tag>` in base64url. Changing PAYLOAD_SECRET makes the sealed values
 * unreadable: they must be typed again (the sign-in that needs one answers that it could not be completed).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * A key of its own for each purpose (`purpose`: credentials at rest, a sign-in's state cookie): the secret's other
 * uses (sessions, cookies) never see it, and a value sealed for one purpose does not open for another.
 */
function keyOf(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'statuspage', `${purpose}:v1`, 32))
}

export function sealSecret(plain: string, secret: string, purpose = 'secret-box'): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv)
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return [VERSION, iv.toString('base64url'), sealed.toString('base64url')].join('.')
}

/** The plain value of `sealed`, or null when it is not one this secret sealed (or was altered since). */
export function openSecret(sealed: string, secret: string, purpose = 'secret-box'): string | null {
  const [version, iv, body, ...rest] = sealed.split('.')
  if (version !== VERSION || !iv || !body || rest.length) return null
  const bytes = Buffer.from(body, 'base64url')
  if (bytes.length < TAG_BYTES) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, purpose), Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    )
  } catch {
    return null
  }
}
