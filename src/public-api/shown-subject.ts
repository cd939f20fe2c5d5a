/**
 * A service or a group as the request's page shows it, in the response's language: what a badge and a service's or
 * group's feeds are about. A group's services are those the page lists under it, as its own page (`/g/<slug>`) lists
 * them. A slug the page does not show is a NotFound, as `/s/<slug>` and `/g/<slug>` are.
 */
import type { Payload } from 'payload'

import type { ServiceStatus } from '@/domain/statuses'
import { NotFound } from '@/errors'
import type { Links } from '@/settings/base-url'

import { listServiceGroups, listServices } from './read-model'

export type SubjectKind = 'service' | 'group'

export interface ShownSubject {
  name: string
  /** A service's own status, a group's worst. */
  status: ServiceStatus
  /** The slugs of its services on this page. */
  slugs: string[]
}

export async function findShownSubject(
  payload: Payload,
  links: Links,
  kind: SubjectKind,
  slug: string,
): Promise<ShownSubject> {
  if (kind === 'service') {
    const service = (await listServices(payload, links.scope, links.content)).find((s) => s.slug === slug)
    if (!service) throw new NotFound('service')
    return { name: service.name, status: service.status, slugs: [service.slug] }
  }
  const group = (await listServiceGroups(payload, links.scope, links.content)).find((g) => g.slug === slug)
  if (!group) throw new NotFound('service group')
  return { name: group.name, status: group.status, slugs: group.services.map((s) => s.slug) }
}
