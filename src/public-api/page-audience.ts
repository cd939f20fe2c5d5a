/** Who may subscribe to what on a page (docs/pages.md): its id, and the slugs of the services it shows. */
import type { Payload } from 'payload'

import type { PageAudience, PageScope } from '@/domain/pages'

import { listServices } from './read-model'

export async function pageAudience(payload: Payload, scope: PageScope): Promise<PageAudience> {
  return {
    id: scope.id,
    serviceSlugs: scope.sections ? new Set((await listServices(payload, scope)).map((s) => s.slug)) : null,
  }
}
