import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook } from 'payload'

import { bumpDataVersion } from '../edge/data-version'

// Writes from the Local API (jobs, the demo reset, scripts) never pass through server.ts, so the hooks bump too.
export const invalidateAfterChange: CollectionAfterChangeHook = ({ doc }) => {
  bumpDataVersion()
  return doc
}

export const invalidateAfterDelete: CollectionAfterDeleteHook = ({ doc }) => {
  bumpDataVersion()
  return doc
}

export const invalidateAfterGlobalChange: GlobalAfterChangeHook = ({ doc }) => {
  bumpDataVersion()
  return doc
}

export const invalidatePublicCache = { afterChange: [invalidateAfterChange], afterDelete: [invalidateAfterDelete] }
