/**
 * The total of a list filter, remembered until public data changes. Every page of one filter has the same total,
 * and counting a large table is most of the work of an uncached list request, while the rows of the page itself
 * come from an index (docs/benchmarks.md). The data version (src/runtime/data-version.ts) moves on
 * every write, including the second bump after a write's commit, so a total counted before a commit is never kept
 * under the version that follows it.
 */
import type { Payload, Where } from 'payload'

import { currentDataVersion } from '@/runtime/data-version'
import { peersUnheard } from '@/runtime/health'

const MAX_ENTRIES = 1000

interface Entry {
  version: number
  total: number
}

const totals = new Map<string, Entry>()

export async function countOf(
  payload: Payload,
  collection: 'incidents' | 'maintenances',
  where: Where,
): Promise<number> {
  // While peers' writes go unheard, a remembered total may be behind one of them: count again.
  if (peersUnheard()) return (await payload.count({ collection, where })).totalDocs
  const key = `${collection} ${JSON.stringify(where)}`
  const version = currentDataVersion()
  const known = totals.get(key)
  if (known && known.version === version) {
    // Least recently used goes first when full: re-insert to mark it used.
    totals.delete(key)
    totals.set(key, known)
    return known.total
  }
  const { totalDocs } = await payload.count({ collection, where })
  // A write may have happened while counting: keep the total only under the version it was counted in.
  if (currentDataVersion() === version) {
    totals.delete(key)
    totals.set(key, { version, total: totalDocs })
    if (totals.size > MAX_ENTRIES) totals.delete(totals.keys().next().value as string)
  }
  return totalDocs
}
