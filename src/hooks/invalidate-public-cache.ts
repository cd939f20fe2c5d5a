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

const hooksFor = (change: DataChange) => ({ afterChange: [afterChange(change)], afterDelete: [afterDelete(change)] })

/**
 * The hooks of a public collection whose writes leave the service list as it was: incidents, maintenances, media
 * (the service statuses an incident moves are written to services, whose hooks say so).
 */
export const invalidatePublicCache = hooksFor({ services: false })

/** The hooks of services and service groups: their writes change the service list too. */
export const invalidateServiceList = hooksFor({ services: true })

export const invalidateAfterGlobalChange: GlobalAfterChangeHook = ({ doc }) => {
  markDataChanged({ services: false })
  return doc
}
