/**
 * What `/api/health` adds for an administrator (docs/metrics.md): each Prometheus metric's last query, when it ran
 * and why it failed (`lastError`, empty when it worked). Strangers and monitors get the dependencies only: a
 * Prometheus address or its error is not public.
 */
import type { Payload } from 'payload'

import { hasRole } from '@/access/roles'

export interface MetricHealth {
  slug: string
  polledAt: string | null
  lastError: string | null
}

/** The Prometheus metrics' state for an admin's request; null for anyone else (or a request without credentials). */
export async function metricsHealthFor(payload: Payload, headers: Headers): Promise<MetricHealth[] | null> {
  // Most checks come from load balancers without credentials: no authentication is attempted for them.
  if (!headers.get('authorization') && !headers.get('cookie')?.includes('payload-token')) return null
  const { user } = await payload.auth({ headers })
  if (!user || !hasRole(user, 'admin')) return null
  const { docs } = await payload.find({
    collection: 'metrics',
    where: { source: { equals: 'prometheus' } },
    select: { slug: true, polledAt: true, lastError: true },
    sort: 'slug',
    depth: 0,
    pagination: false,
    overrideAccess: true,
  })
  return docs.map((doc) => ({ slug: doc.slug ?? '', polledAt: doc.polledAt ?? null, lastError: doc.lastError || null }))
}
