import type { CollectionConfig } from 'payload'

import { admins, editors } from '@/access/roles'
import { INCIDENT_STATUS_LABELS, INCIDENT_STATUSES, SERVICE_STATUS_LABELS, SERVICE_STATUSES } from '@/domain/statuses'
import { optionsFrom } from '@/fields/options'
import { localizedTextRule, localizedTextareaRule } from '@/fields/localized'

/** What an operator would otherwise type under pressure: a new incident starts from one (src/fields/template.ts). */
export const IncidentTemplates: CollectionConfig = {
  slug: 'incident-templates',
  labels: { singular: 'Incident template', plural: 'Incident templates' },
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'title', 'status'], group: 'Templates' },
  defaultSort: 'name',
  access: { read: editors, create: editors, update: editors, delete: admins },
  fields: [
    {
      name: 'name',
      type: 'text',
      required: true,
      maxLength: 200,
      admin: { description: 'How operators find it, e.g. "Database failover".' },
    },
    {
      name: 'title',
      type: 'text',
      required: true,
      localized: true,
      validate: localizedTextRule,
      maxLength: 300,
      admin: { description: 'The new incident’s title.' },
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'investigating',
      options: optionsFrom(INCIDENT_STATUSES, INCIDENT_STATUS_LABELS),
    },
    {
      name: 'message',
      type: 'textarea',
      required: true,
      localized: true,
      validate: localizedTextareaRule,
      maxLength: 10000,
      admin: { description: 'The first update’s message.' },
    },
    {
      name: 'services',
      type: 'array',
      maxRows: 500,
      labels: { singular: 'Affected service', plural: 'Affected services' },
      admin: { description: 'The affected services, each with the status the first update sets.' },
      fields: [
        { name: 'service', type: 'relationship', relationTo: 'services' },
        {
          name: 'status',
          type: 'select',
          required: true,
          defaultValue: 'degraded',
          options: optionsFrom(SERVICE_STATUSES, SERVICE_STATUS_LABELS),
        },
      ],
    },
    { name: 'notify', type: 'checkbox', defaultValue: true, label: 'Send the first update to subscribers' },
  ],
}
