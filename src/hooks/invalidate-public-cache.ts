import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook } from 'payload'

import { type DataChange, markDataChanged } from '../runtime/data-version'

// The change is marked, not bumped: inside a request the edge bumps after the commit (src/runtime/data-version.ts).
const afterChange =
  (change: DataChange): CollectionAfterChangeHook =>
  ({ doc }) => {
    markDataChanged(change)
    return doc
  }

const afterDelete =
  (change: DataChange): CollectionAfterDeleteHook =>
  ({ doc }) => {
    markDataChanged(change)
    return doc
  }

/**
 * The hooks of a public collection. `services`: whether its writes change the service list (services and groups do;
 * an incident's own write does not, and the service statuses it moves are written to services, whose hooks say so).
 */
export const invalidatePublicCache = ({ services }: DataChange) => ({
  afterChange: [afterChange({ services })],
  afterDelete: [afterDelete({ services })],
})

export const invalidateAfterGlobalChange: GlobalAfterChangeHook = ({ doc }) => {
  markDataChanged({ services: false })
  return doc
}
