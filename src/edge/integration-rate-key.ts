/**
 * The rate key of a webhook request: a hash of its integration token (never the token itself, which would sit in
 * Redis in the clear), or null when it carries none. A wrong token gets a budget of its own, but costs the service
 * only one indexed read before its 401.
 */
import { createHash } from 'node:crypto'

import { webhookToken } from '../domain/integration-token'

export function integrationRateKey(pathname: string, authorization: string | undefined): string | null {
  const token = webhookToken(pathname, authorization)
  if (!token) return null
  return 'token:' + createHash('sha256').update(token).digest('hex').slice(0, 32)
}
