import type { CollectionAfterChangeHook, GlobalAfterChangeHook } from 'payload'

import { EVERY_COPY } from '@/domain/withdrawn-paths'
import { markDataChanged } from '@/runtime/data-version'

/**
 * A page that turns private takes back everything it showed publicly: every cached copy and last good copy goes (on
 * every instance, and from the file on disk), so none is shown while the database is down either.
 */
function withdrawIfTurnedPrivate(doc: unknown, previousDoc: unknown): void {
  const now = (doc as { access?: { mode?: string } }).access?.mode
  const before = (previousDoc as { access?: { mode?: string } } | undefined)?.access?.mode
  if (now === 'private' && before !== 'private') markDataChanged({ services: false, withdrawn: [EVERY_COPY] })
}

export const withdrawWhenPrivate: CollectionAfterChangeHook = ({ doc, previousDoc }) => {
  withdrawIfTurnedPrivate(doc, previousDoc)
  return doc
}

/** The default page (the settings) turning private. */
export const withdrawWhenDefaultPagePrivate: GlobalAfterChangeHook = ({ doc, previousDoc }) => {
  withdrawIfTurnedPrivate(doc, previousDoc)
  return doc
}
