/**
 * Signing webhook requests as the Standard Webhooks specification says (standardwebhooks.com), so that receivers
 * verify them with its libraries: `webhook-signature: v1,<base64 HMAC-SHA256 over "id.timestamp.body">`, keyed
 * with the bytes of the `whsec_<base64>` secret.
 */
import { createHmac, randomBytes } from 'node:crypto'

const PREFIX = 'whsec_'

/** 192 bits from the CSPRNG (the specification asks for 24 to 64 bytes). */
export const newSigningSecret = (): string => `${PREFIX}${randomBytes(24).toString('base64')}`

export const isSigningSecret = (value: unknown): value is string =>
  typeof value === 'string' && /^whsec_[A-Za-z0-9+/]+={0,2}$/.test(value)

export interface SignedHeaders {
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

/** The three headers for `body`, sent as `id` at `at` (whole seconds since the epoch). */
export function signWebhook(secret: string, id: string, at: Date, body: string): SignedHeaders {
  const timestamp = String(Math.floor(at.getTime() / 1000))
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64')
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` }
}
