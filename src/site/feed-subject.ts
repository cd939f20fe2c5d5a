/**
 * What a service's or group's feeds and calendar follow (`/s/<slug>/feed.atom`, `/g/<slug>/maintenances.ics`): the
 * service or group as the request's page shows it, and the services whose incidents and maintenances they hold. A
 * group's are the services listed under it on that page, as its own page (`/g/<slug>`) lists them: a page that shows
 * two of a group's five services follows those two. A slug the page does not show is a 404, as its page is.
 */
import type { Payload } from 'payload'

import { NotFound } from '@/errors'
import { listServiceGroups, listServices } from '@/public-api/read-model'
import type { Links } from '@/settings/base-url'

export type SubjectKind = 'service' | 'group'

export interface FeedSubject {
  /** In the response's language. */
  name: string
  /** Its page's path, under which its feeds live: `/s/<slug>`, `/g/<slug>`. */
  path: string
  /** The slugs of the services whose incidents and maintenances the feeds hold. */
  services: readonly string[]
}

/** The base of a service's or group's page, and of its feeds. */
const subjectPath = (kind: SubjectKind, slug: string): string => `/${kind === 'service' ? 's' : 'g'}/${slug}`

export async function findFeedSubject(
  payload: Payload,
  links: Links,
  kind: SubjectKind,
  slug: string,
): Promise<FeedSubject> {
  if (kind === 'service') {
    const service = (await listServices(payload, links.scope, links.content)).find((s) => s.slug === slug)
    if (!service) throw new NotFound('service')
    return { name: service.name, path: subjectPath(kind, slug), services: [slug] }
  }
  const group = (await listServiceGroups(payload, links.scope, links.content)).find((g) => g.slug === slug)
  if (!group) throw new NotFound('service group')
  return { name: group.name, path: subjectPath(kind, slug), services: group.services.map((s) => s.slug) }
}
