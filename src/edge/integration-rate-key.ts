/**
 * The rate keys of a webhook request. Every request spends its client address's budget (a flood of made-up tokens
 * from one address is limited like anything else), and one carrying a well-formed token also that token's budget,
 * keyed by a hash of it (never the token itself, which would sit in Redis in the clear). A token that cannot exist
 * (src/domain/integration-token.ts, looksLikeToken) is answered 401 at the edge; only a well-formed wrong one costs
 * the service one indexed read.
 */
import { createHash } from 'node:crypto'

import { looksLikeToken, webhookToken } from '@/domain/integration-token'

/** The token's rate key, or null when the request carries no token that could exist. */
export function integrationRateKey(pathname: string, authorization: string | undefined): string | null {
  const token = webhookToken(pathname, authorization)
  if (!token || !looksLikeToken(token)) return null
  return 'token:' + createHash('sha256').update(token).digest('hex').slice(0, 32)
}
