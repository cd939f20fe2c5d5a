import type { PayloadRequest } from 'payload'

import type { AuditActorType } from '@/domain/audit'
import { CLIENT_ADDRESS_HEADER } from '@/runtime/headers'

export interface AuditActor {
  type: AuditActorType
  /** The user's e-mail address, the integration's or job's name, or "system". */
  name: string
  userId?: number | null
  address?: string | null
}

/**
 * The client's address as the edge determined it (socket, or behind TRUSTED_PROXIES the right-most untrusted
 * X-Forwarded-For entry): the edge replaces whatever a client sent under this header.
 */
export const clientAddressOf = (req: PayloadRequest): string | null =>
  req.headers?.get?.(CLIENT_ADDRESS_HEADER) || req.context?.auditActor?.address || null

/**
 * Who writes on `req`: its user (by session, or by API key), else who the server code that made the request said
 * it is (an integration, a job), the demo reset, else the server itself.
 */
export function actorOf(req: PayloadRequest): AuditActor {
  const address = clientAddressOf(req)
  const user = req.user as { id?: unknown; email?: unknown; _strategy?: unknown } | null | undefined
  if (user && typeof user.id === 'number') {
    return {
      type: user._strategy === 'api-key' ? 'api-key' : 'user',
      name: typeof user.email === 'string' ? user.email : `user ${user.id}`,
      userId: user.id,
      address,
    }
  }
  const given = req.context?.auditActor
  if (given) return { type: given.type, name: given.name, address }
  if (req.context?.demoReset) return { type: 'job', name: 'demo reset', address }
  return { type: 'system', name: 'system', address }
}
