/**
 * What a service's or group's feeds and calendar follow (`/s/<slug>/feed.atom`, `/g/<slug>/maintenances.ics`): the
 * service or group as the request's page shows it (src/public-api/shown-subject.ts), the path of its page under
 * which its feeds live, and the services whose incidents and maintenances they hold. A page that shows two of a
 * group's five services follows those two; a slug the page does not show is a 404, as its page is.
 */
import type { Payload } from 'payload'

import { findShownSubject, type SubjectKind } from '@/public-api/shown-subject'
import type { Links } from '@/settings/base-url'

export type { SubjectKind }

export interface FeedSubject {
  /** In the response's language. */
  name: string
  /** Its page's path, under which its feeds live: `/s/<slug>`, `/g/<slug>`. */
  path: string
  /** The slugs of the services whose incidents and maintenances the feeds hold. */
  services: readonly string[]
}

export async function findFeedSubject(
  payload: Payload,
  links: Links,
  kind: SubjectKind,
  slug: string,
): Promise<FeedSubject> {
  const { name, slugs } = await findShownSubject(payload, links, kind, slug)
  return { name, path: `/${kind === 'service' ? 's' : 'g'}/${slug}`, services: slugs }
}
