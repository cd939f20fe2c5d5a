/**
 * Which public paths show one record on its own, and which writes take a record back from the public. A copy of
 * what was taken back (the response cache's last good copies, src/edge/response-cache.ts) must never be shown
 * again: an operator deletes an incident because it should not have been public.
 */

/**
 * Withdrawn as a path: every copy, whatever its path (a page that turned private takes back all it showed; the
 * response cache drops every entry and last good copy).
 */
export const EVERY_COPY = '*'

/** The collections whose records have public paths of their own. */
export type PublicRecordKind = 'incidents' | 'maintenances' | 'services' | 'service-groups'

interface RecordFields {
  shortId?: unknown
  slug?: unknown
  draft?: unknown
  postmortemPublishedAt?: unknown
}

const usable = (value: unknown): value is string => typeof value === 'string' && value !== ''

/** The paths that show `record` and nothing else: its page, and its document in /api/v1 (/api/v2 has none). */
export function ownPublicPaths(kind: PublicRecordKind, record: RecordFields | null | undefined): string[] {
  if (!record) return []
  switch (kind) {
    case 'incidents':
      return usable(record.shortId) ? [`/i/${record.shortId}`, `/api/v1/incidents/${record.shortId}`] : []
    case 'maintenances':
      return usable(record.shortId) ? [`/m/${record.shortId}`, `/api/v1/maintenances/${record.shortId}`] : []
    case 'services':
      return usable(record.slug) ? [`/s/${record.slug}`] : []
    case 'service-groups':
      return usable(record.slug) ? [`/g/${record.slug}`] : []
  }
}

/**
 * The paths an update takes back, or null when it takes nothing back: a published postmortem unpublished (its page
 * and document showed it), the old paths of a record whose short id or slug changed. A published record cannot
 * become a draft again (src/fields/draft.ts), so publishing takes nothing back.
 */
export function withdrawnByUpdate(
  kind: PublicRecordKind,
  previous: RecordFields | null | undefined,
  next: RecordFields,
): string[] | null {
  if (!previous || previous.draft) return null
  const before = ownPublicPaths(kind, previous)
  // Its pages showed the postmortem: all of them, wherever they are now.
  if (kind === 'incidents' && previous.postmortemPublishedAt && !next.postmortemPublishedAt) return before
  const after = new Set(ownPublicPaths(kind, next))
  const moved = before.filter((path) => !after.has(path))
  return moved.length ? moved : null
}

/** A draft was never public: deleting it takes nothing back. */
export function withdrawnByDelete(kind: PublicRecordKind, record: RecordFields | null | undefined): string[] | null {
  if (!record || record.draft) return null
  return ownPublicPaths(kind, record)
}

const ONE_RECORD = /^\/(?:[im]\/[^/]+|api\/v1\/(?:incidents|maintenances)\/[^/]+)$/

/**
 * Whether `pathname` shows one incident or maintenance on its own, so that taking another record back leaves it as
 * it was. Everything else may show any record: the lists, feeds, home, history, a service's or group's page (their
 * incidents), /api/v2.
 */
export function showsOneRecord(pathname: string): boolean {
  return ONE_RECORD.test(pathname)
}
