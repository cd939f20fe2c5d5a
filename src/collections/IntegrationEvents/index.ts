import type { CollectionConfig } from 'payload'

import { admins, nobody } from '@/access/roles'
import { INTEGRATION_EVENT_OUTCOMES } from '@/domain/integration-outcomes'
import { optionsFrom } from '@/fields/options'

const readOnly = { readOnly: true }

/**
 * What each integration received and did: written by the webhook, read by admins (on the integration's page).
 * `summary` says what arrived, `detail` what it did or why it did nothing.
 */
export const IntegrationEvents: CollectionConfig = {
  slug: 'integration-events',
  labels: { singular: 'Integration event', plural: 'Integration events' },
  admin: {
    useAsTitle: 'summary',
    defaultColumns: ['createdAt', 'integration', 'outcome', 'summary', 'incident'],
    group: 'Settings',
  },
  defaultSort: '-createdAt',
  access: { read: admins, create: nobody, update: nobody, delete: admins },
  indexes: [{ fields: ['integration', 'createdAt'] }],
  fields: [
    { name: 'integration', type: 'relationship', relationTo: 'integrations', index: true, admin: readOnly },
    {
      name: 'outcome',
      type: 'select',
      required: true,
      options: optionsFrom(INTEGRATION_EVENT_OUTCOMES),
      admin: readOnly,
    },
    { name: 'key', type: 'text', admin: readOnly },
    { name: 'summary', type: 'text', required: true, admin: readOnly },
    { name: 'detail', type: 'textarea', admin: readOnly },
    { name: 'incident', type: 'relationship', relationTo: 'incidents', admin: readOnly },
    { name: 'statuses', type: 'text', admin: { ...readOnly, description: 'The statuses this event set.' } },
  ],
}
