/**
 * Fields of the records anyone may read (published incidents and maintenances) that the public API (/api/v1,
 * /api/v2, the pages, feeds, calendar and mirror) never shows: drafts of text, the operator's own settings and the
 * automation's bookkeeping. Through the CMS API only editors and admins read them, and only they may filter or sort
 * on them, since a filter that matches answers the question as surely as the value would.
 *
 * `publicOnceSet` names the field that makes the value public on a record once it is set: a postmortem is private
 * until it is published, then shown to everyone.
 */
export interface PrivateField {
  publicOnceSet?: string
}

export const PRIVATE_FIELDS: Readonly<Record<string, Readonly<Record<string, PrivateField>>>> = {
  incidents: {
    postmortem: { publicOnceSet: 'postmortemPublishedAt' },
    integration: {},
    integrationKey: {},
    backfilled: {},
    publishAt: {},
  },
  maintenances: {
    notifySubscribers: {},
    remindBefore: {},
    setServicesUnderMaintenance: {},
    completedBy: {},
    publishAt: {},
  },
}

/** Whether a private field's value is public on this record (its `publicOnceSet` field holds a value). */
export function isPublicOnRecord(field: PrivateField, record: Record<string, unknown> | null | undefined): boolean {
  if (!field.publicOnceSet || !record) return false
  const value = record[field.publicOnceSet]
  return value !== null && value !== undefined && value !== ''
}
