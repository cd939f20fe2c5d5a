import type { Field } from 'payload'

import { nobody } from '@/access/roles'
import { EVENT_STATES } from '@/domain/monitoring-event'
import { optionsFrom } from '@/fields/options'

// Read by editors and admins only: src/domain/private-fields.ts.
const fromAutomationOnly = { create: nobody, update: nobody }

/**
 * Who opened the incident: the integration and its key, shown read-only in the admin; and the automation's own
 * state, hidden. `integrationOpenKey` is "<integration>:<key>" while the key's alerts fire and null after: its unique
 * index lets one incident per firing key exist, whatever number of retries arrive at once.
 */
export const integrationIncidentFields: Field[] = [
  {
    name: 'integration',
    type: 'relationship',
    relationTo: 'integrations',
    index: true,
    access: fromAutomationOnly,
    admin: {
      readOnly: true,
      position: 'sidebar',
      description: 'The monitoring integration that opened this incident.',
    },
  },
  {
    name: 'integrationKey',
    type: 'text',
    access: fromAutomationOnly,
    admin: { readOnly: true, position: 'sidebar', condition: (data) => Boolean(data?.integration) },
  },
  {
    name: 'integrationAlertState',
    type: 'select',
    options: optionsFrom(EVENT_STATES),
    hidden: true,
    access: { create: nobody, update: nobody },
  },
  { name: 'integrationSignature', type: 'text', hidden: true, access: { create: nobody, update: nobody } },
  { name: 'integrationOpenKey', type: 'text', hidden: true, unique: true, access: { create: nobody, update: nobody } },
  { name: 'integrationQuiet', type: 'checkbox', hidden: true, access: { create: nobody, update: nobody } },
]
