import type { CollectionConfig } from 'payload'

import { editors, nobody } from '@/access/roles'
import { SERVICE_STATUS_LABELS, SERVICE_STATUSES, STATUS_CHANGE_SOURCES } from '@/domain/statuses'
import { optionsFrom } from '@/fields/options'

const readOnly = { readOnly: true }
const statusOptions = optionsFrom(SERVICE_STATUSES, SERVICE_STATUS_LABELS)

/**
 * The history of every service status: one row per change, written by the one use case that changes a status, in
 * the same transaction as the change. Nobody writes it through the API; uptime is computed from it.
 * `service` is optional only so that deleting a service does not fail on the foreign key.
 */
export const ServiceStatusChanges: CollectionConfig = {
  slug: 'service-status-changes',
  labels: { singular: 'Service status change', plural: 'Service status history' },
  admin: {
    useAsTitle: 'toStatus',
    defaultColumns: ['service', 'fromStatus', 'toStatus', 'at', 'source', 'sourceRef', 'user'],
    group: 'Status',
  },
  defaultSort: '-at',
  access: { read: editors, create: nobody, update: nobody, delete: nobody },
  indexes: [{ fields: ['service', 'at'] }],
  fields: [
    { name: 'service', type: 'relationship', relationTo: 'services', index: true, admin: readOnly },
    { name: 'fromStatus', type: 'select', options: statusOptions, admin: readOnly },
    { name: 'toStatus', type: 'select', required: true, options: statusOptions, admin: readOnly },
    {
      name: 'at',
      type: 'date',
      required: true,
      index: true,
      admin: { ...readOnly, date: { pickerAppearance: 'dayAndTime' } },
    },
    { name: 'source', type: 'select', required: true, options: optionsFrom(STATUS_CHANGE_SOURCES), admin: readOnly },
    // The incident's or maintenance's shortId, or the integration's name.
    { name: 'sourceRef', type: 'text', admin: readOnly },
    { name: 'user', type: 'relationship', relationTo: 'users', admin: readOnly },
  ],
}
