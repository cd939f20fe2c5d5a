import type { CollectionBeforeChangeHook } from 'payload'

import type { Incident } from '@/payload-types'

/**
 * An incident opened by an integration with notifySubscribers off stays quiet (its automated updates carry
 * `notify: false`) until a person edits it: any write that is not the automation's ends the quiet.
 */
export const endQuietOnPersonsEdit: CollectionBeforeChangeHook<Incident> = ({ data, operation, req }) => {
  if (operation === 'update' && !req.context?.integrationWrite) data.integrationQuiet = false
  return data
}
