import type { CollectionAfterDeleteHook } from 'payload'

import { deletePoints } from '@/services/metrics/delete-points'

/** A deleted metric's points go with it (they carry no foreign key that would cascade). */
export const removePoints: CollectionAfterDeleteHook = async ({ doc, req }) => {
  await deletePoints(req, Number(doc.id))
  return doc
}
