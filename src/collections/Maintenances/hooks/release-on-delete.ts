import type { CollectionAfterDeleteHook } from 'payload'

import { relationIds } from '@/db/relation-id'
import type { Maintenance } from '@/payload-types'
import { holdsServices, maintenanceHolder } from '@/services/maintenances/internal'
import { releaseServices } from '@/services/service-status/release'

/**
 * Deleting a maintenance that holds its services under maintenance gives them back by the rule its end uses
 * (src/services/service-status/release.ts): nothing would ever end it otherwise, and the services would stay under
 * a maintenance nobody can see. Payload runs afterDelete inside the delete's transaction: both commit together.
 */
export const releaseServicesOnDelete: CollectionAfterDeleteHook<Maintenance> = async ({ doc, req }) => {
  if (!doc || doc.draft || !holdsServices(doc)) return doc
  await releaseServices(req, maintenanceHolder(doc, relationIds(doc.affectedServices)), {
    source: 'maintenance',
    sourceRef: String(doc.shortId),
  })
  return doc
}
