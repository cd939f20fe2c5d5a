/**
 * Scheduled publishing: a draft incident or maintenance whose `publishAt` has come is published through the Local
 * API, so its hooks run as for an operator's publication (src/fields/draft.ts): subscribers hear of it, its
 * services' statuses are applied, the public caches are bumped.
 */
import type { Payload } from 'payload'

export async function publishDue(payload: Payload, now = new Date()): Promise<number> {
  let published = 0
  for (const collection of ['incidents', 'maintenances'] as const) {
    const { docs } = await payload.find({
      collection,
      where: { and: [{ draft: { equals: true } }, { publishAt: { less_than_equal: now.toISOString() } }] },
      select: { draft: true },
      sort: 'publishAt',
      limit: 50,
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
    for (const doc of docs) {
      try {
        await payload.update({ collection, id: doc.id, data: { draft: false }, overrideAccess: true, depth: 0 })
        published += 1
      } catch (error) {
        payload.logger.error({
          err: error,
          msg: `Could not publish the scheduled ${collection === 'incidents' ? 'incident' : 'maintenance'} ${doc.id}`,
        })
      }
    }
  }
  return published
}
