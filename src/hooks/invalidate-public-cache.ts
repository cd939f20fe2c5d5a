import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook } from 'payload'

import { type DataChange, markDataChanged } from '@/runtime/data-version'
import { type PublicRecordKind, withdrawnByDelete, withdrawnByUpdate } from '@/domain/withdrawn-paths'

const KINDS: readonly string[] = [
  'incidents',
  'maintenances',
  'services',
  'service-groups',
] satisfies PublicRecordKind[]
const kindOf = (slug: string): PublicRecordKind | null => (KINDS.includes(slug) ? (slug as PublicRecordKind) : null)

const withWithdrawn = (change: DataChange, withdrawn: string[] | null): DataChange =>
  withdrawn ? { ...change, withdrawn } : change

// The change is marked, not bumped: inside a request the edge bumps after the commit (src/runtime/data-version.ts).
const afterChange =
  (change: DataChange): CollectionAfterChangeHook =>
  ({ doc, previousDoc, operation, collection }) => {
    const kind = kindOf(collection.slug)
    const withdrawn = kind && operation === 'update' ? withdrawnByUpdate(kind, previousDoc, doc) : null
    markDataChanged(withWithdrawn(change, withdrawn))
    return doc
  }

const afterDelete =
  (change: DataChange): CollectionAfterDeleteHook =>
  ({ doc, collection }) => {
    const kind = kindOf(collection.slug)
    markDataChanged(withWithdrawn(change, kind ? withdrawnByDelete(kind, doc) : null))
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
