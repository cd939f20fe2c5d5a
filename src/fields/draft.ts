import { type CollectionAfterChangeHook, type CollectionBeforeChangeHook, type Field, ValidationError } from 'payload'

import { nobody } from '@/access/roles'
import { requestT } from '@/i18n/admin-translations'

/**
 * Drafts and scheduled publishing for incidents and maintenances: a draft is never public (the read model, the
 * feeds and the CMS API's anonymous reads leave it out), tells nobody and changes no status; it is published by
 * hand (unticking Draft) or at `publishAt` by the schedule tick (src/services/drafts/publish-due.ts). Publishing is the
 * moment it is news: the hooks below then see it as just created.
 */
export function draftFields(what: 'incident' | 'maintenance'): Field[] {
  return [
    {
      name: 'draft',
      type: 'checkbox',
      defaultValue: false,
      label: 'Draft: not public yet',
      index: true,
      admin: {
        position: 'sidebar',
        description: `Visitors and subscribers see nothing of a draft ${what}. Untick to publish now, or set a time below.`,
        condition: (data) => !data?.id || Boolean(data?.draft),
      },
    },
    {
      name: 'publishAt',
      type: 'date',
      label: 'Publish at',
      index: true,
      admin: {
        position: 'sidebar',
        date: { pickerAppearance: 'dayAndTime' },
        description: 'The draft is published at this time; subscribers hear of it then.',
        condition: (data) => Boolean(data?.draft),
      },
    },
    {
      // Written by the schedule tick alone, with a conditional write; any save through Payload clears it.
      name: 'publishError',
      type: 'text',
      label: 'Scheduled publication failed',
      access: { create: nobody, update: nobody },
      // In the form's main column, near the top: where an editor opening the draft sees it first.
      admin: {
        readOnly: true,
        condition: (data) => Boolean(data?.draft && data?.publishError),
        description: `This draft ${what} is not tried again until it is saved: correct what this names and save.`,
      },
    },
  ]
}

/**
 * A draft the schedule could not publish is left alone until someone saves it (src/services/drafts/publish-due.ts):
 * a save is the editor's answer to the reason shown, so it is tried again at the next tick.
 */
export const retryPublication: CollectionBeforeChangeHook = ({ data, operation }) => {
  if (operation === 'update') data.publishError = null
  return data
}

/** Published stays published: a draft cannot be made of what visitors and subscribers already saw. */
export const keepPublished: CollectionBeforeChangeHook = ({ data, originalDoc, operation, collection, req }) => {
  if (operation === 'update' && data.draft === true && originalDoc && !originalDoc.draft) {
    throw new ValidationError(
      {
        collection: collection.slug,
        errors: [{ path: 'draft', message: requestT(req)('admin.check.draft.published') }],
      },
      req.t,
    )
  }
  if (!data.draft) data.publishAt = null
  return data
}

/** A hook that announces or applies something: silent while the record is a draft, and run as on creation when it is published. */
export const publishedOnly =
  (hook: CollectionAfterChangeHook): CollectionAfterChangeHook =>
  (args) => {
    if (args.doc.draft) return args.doc
    if (args.operation === 'update' && args.previousDoc?.draft)
      return hook({ ...args, operation: 'create', previousDoc: undefined as never })
    return hook(args)
  }
