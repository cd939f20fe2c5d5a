import type { CollectionBeforeChangeHook } from 'payload'

import type { Incident } from '../../../payload-types'

/** Set by the monitoring use case on its own incident writes (src/services/incidents/apply-monitoring-event.ts). */
export const INTEGRATION_WRITE = 'integrationWrite'

/**
 * An incident opened by an integration with notifySubscribers off stays quiet (its automated updates carry
 * `notify: false`) until a person edits it: any write that is not the automation's ends the quiet.
 */
export const endQuietOnPersonsEdit: CollectionBeforeChangeHook<Incident> = ({ data, operation, req }) => {
  if (operation === 'update' && !req.context?.[INTEGRATION_WRITE]) data.integrationQuiet = false
  return data
}
