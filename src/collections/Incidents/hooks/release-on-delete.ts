import type { CollectionAfterDeleteHook } from 'payload'

import { incidentHolder } from '@/services/incidents/internal'
import { releaseServices } from '@/services/service-status/release'
import type { Incident } from '@/payload-types'

/**
 * Deleting an open incident gives its services back by the rule resolving uses (src/services/service-status/release.ts):
 * a mistaken incident leaves no service in an outage nobody names. Its history rows stay, so the rule still finds
 * what the incident changed. A resolved incident has given them back already and a draft never held any.
 * Payload runs afterDelete inside the delete's transaction: the delete and the give-back commit together.
 */
export const releaseServicesOnDelete: CollectionAfterDeleteHook<Incident> = async ({ doc, req }) => {
  if (!doc || doc.draft || doc.backfilled || doc.status === 'resolved') return doc
  await releaseServices(req, incidentHolder(doc), { source: 'incident', sourceRef: String(doc.shortId) })
  return doc
}
