import { eq } from '@payloadcms/db-sqlite/drizzle'
import type { PayloadRequest } from 'payload'

import { connectionFor } from '@/db/sql'

import { pointsTable } from '@/db/metric-points'

/** Removes every point of a metric (its delete's hook), in the delete's transaction. */
export async function deletePoints(req: PayloadRequest, metric: number): Promise<void> {
  const table = pointsTable(req.payload)
  const db = await connectionFor(req.payload, req)
  await db.delete(table).where(eq(table.metric, metric))
}
