import type { CollectionConfig } from 'payload'

import { admins, editors } from '@/access/roles'
import { localizedTextRule } from '@/fields/localized'

/** A recurring kind of work: a new maintenance starts from one (src/fields/template.ts). */
export const MaintenanceTemplates: CollectionConfig = {
  slug: 'maintenance-templates',
  labels: { singular: 'Maintenance template', plural: 'Maintenance templates' },
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'title', 'durationMinutes'], group: 'Templates' },
  defaultSort: 'name',
  access: { read: editors, create: editors, update: editors, delete: admins },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    {
      name: 'title',
      type: 'text',
      required: true,
      localized: true,
      validate: localizedTextRule,
      maxLength: 300,
      admin: { description: 'The new maintenance’s title.' },
    },
    { name: 'description', type: 'richText', localized: true },
    {
      name: 'durationMinutes',
      type: 'number',
      min: 1,
      max: 60 * 24 * 31,
      admin: {
        step: 1,
        description: 'The window’s length: a maintenance started from this template ends this long after its start.',
      },
    },
    {
      name: 'services',
      type: 'relationship',
      relationTo: 'services',
      hasMany: true,
      maxRows: 500,
      label: 'Affected services',
    },
    {
      name: 'setServicesUnderMaintenance',
      type: 'checkbox',
      defaultValue: false,
      label: 'Put the affected services under maintenance during the window',
    },
    { name: 'notifySubscribers', type: 'checkbox', defaultValue: true },
  ],
}
