import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook } from 'payload'

import { markDataChanged } from '../runtime/data-version'

// The change is marked, not bumped: inside a request the edge bumps after the commit (src/runtime/data-version.ts).
export const invalidateAfterChange: CollectionAfterChangeHook = ({ doc }) => {
  markDataChanged()
  return doc
}

export const invalidateAfterDelete: CollectionAfterDeleteHook = ({ doc }) => {
  markDataChanged()
  return doc
}

export const invalidateAfterGlobalChange: GlobalAfterChangeHook = ({ doc }) => {
  markDataChanged()
  return doc
}

export const invalidatePublicCache = { afterChange: [invalidateAfterChange], afterDelete: [invalidateAfterDelete] }
