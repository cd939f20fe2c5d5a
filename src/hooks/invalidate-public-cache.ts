import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook } from 'payload'

import { metricsKeyOf } from '@/domain/metrics'
import { type DataChange, markDataChanged } from '@/runtime/data-version'
import { type PublicRecordKind, withdrawnByDelete, withdrawnByUpdate } from '@/domain/withdrawn-paths'

import { pagesTouchedBy } from './pages-touched'

const KINDS: readonly string[] = [
  'incidents',
  'maintenances',
  'services',
  'service-groups',
] satisfies PublicRecordKind[]
const kindOf = (slug: string): PublicRecordKind | null => (KINDS.includes(slug) ? (slug as PublicRecordKind) : null)

const withWithdrawn = (change: DataChange, withdrawn: string[] | null): DataChange =>
  withdrawn ? { ...change, withdrawn } : change

/** The change, with the pages it touched when they are known (else it counts for every page). */
async function onPages(
  change: DataChange,
  ...[req, slug, operation, doc, previousDoc]: Parameters<typeof pagesTouchedBy>
): Promise<DataChange> {
  try {
    const pages = await pagesTouchedBy(req, slug, operation, doc, previousDoc)
    if (!pages) return change
    // The metric responses of a page name its services' slugs (src/public-api/metrics.ts).
    return { ...change, pages: slug === 'services' ? [...pages, ...pages.map(metricsKeyOf)] : pages }
  } catch (error) {
    // Every page is then stale: a page read more than needed, never a stale one kept.
    console.warn(`Could not tell which pages a ${slug} write touched; every page's cached copies go:`, error)
    return change
  }
}

// The change is marked, not bumped: inside a request the edge bumps after the commit (src/runtime/data-version.ts).
const afterChange =
  (change: DataChange): CollectionAfterChangeHook =>
  async ({ doc, previousDoc, operation, collection, req }) => {
    const kind = kindOf(collection.slug)
    const withdrawn = kind && operation === 'update' ? withdrawnByUpdate(kind, previousDoc, doc) : null
    const before = operation === 'update' ? previousDoc : undefined
    markDataChanged(withWithdrawn(await onPages(change, req, collection.slug, operation, doc, before), withdrawn))
    return doc
  }

const afterDelete =
  (change: DataChange): CollectionAfterDeleteHook =>
  async ({ doc, collection, req }) => {
    const kind = kindOf(collection.slug)
    const touched = await onPages(change, req, collection.slug, 'delete', doc, undefined)
    markDataChanged(withWithdrawn(touched, kind ? withdrawnByDelete(kind, doc) : null))
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
