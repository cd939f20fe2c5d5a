import type { CollectionAfterChangeHook } from 'payload'

import type { Maintenance } from '@/payload-types'
import { maintenanceMoved } from '@/services/maintenances/moved'

/** Every save of a published maintenance: what follows its move (src/services/maintenances/moved.ts). */
export const followMaintenanceMove: CollectionAfterChangeHook<Maintenance> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  await maintenanceMoved(req, doc, operation === 'create' ? null : previousDoc)
  return doc
}
