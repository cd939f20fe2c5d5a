import type { CollectionConfig } from 'payload'

import { admins, anyone, editors, nobody } from '../../access/roles'
import { COMPLETED_BY, maintenanceWindowError } from '../../domain/maintenance-lifecycle'
import { MAINTENANCE_STATUS_LABELS, MAINTENANCE_STATUSES } from '../../domain/statuses'
import { optionsFrom } from '../../fields/options'
import { publicPageLinkField } from '../../fields/public-page-link'
import { shortIdField } from '../../fields/short-id'
import { invalidatePublicCache } from '../../hooks/invalidate-public-cache'
import { notifyMaintenanceChange } from '../../notify/events'
import { applyMaintenanceServiceStatusesHook } from '../../status/maintenance-service-statuses'
import { deriveMaintenanceStatus } from './hooks/derive-state'

const dayAndTime = { date: { pickerAppearance: 'dayAndTime' as const } }

export const Maintenances: CollectionConfig = {
  slug: 'maintenances',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'status', 'scheduledStartAt', 'scheduledEndAt'], group: 'Status' },
  defaultSort: '-scheduledStartAt',
  access: { read: anyone, create: editors, update: editors, delete: admins },
  hooks: {
    beforeChange: [deriveMaintenanceStatus],
    afterChange: [...invalidatePublicCache.afterChange, notifyMaintenanceChange, applyMaintenanceServiceStatusesHook],
    afterDelete: invalidatePublicCache.afterDelete,
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 300 },
    shortIdField('maintenances'),
    publicPageLinkField('m'),
    { name: 'description', type: 'richText' },
    { name: 'scheduledStartAt', type: 'date', required: true, index: true, admin: dayAndTime },
    {
      name: 'scheduledEndAt',
      type: 'date',
      index: true,
      admin: { ...dayAndTime, description: 'Leave empty for an open end.' },
      validate: (value: unknown, { siblingData }: { siblingData: Record<string, unknown> }) => {
        if (value == null || value === '') return true
        const start = siblingData?.scheduledStartAt
        if (!start) return true
        return maintenanceWindowError({ scheduledStartAt: new Date(start as string), scheduledEndAt: new Date(value as string) }) ?? true
      },
    },
    {
      name: 'duration',
      type: 'text',
      maxLength: 100,
      admin: { description: 'Optional, e.g. "about 2 hours". When empty, an estimate from the window is shown.' },
    },
    { name: 'affectedServices', type: 'relationship', relationTo: 'services', hasMany: true },
    {
      name: 'setServicesUnderMaintenance',
      type: 'checkbox',
      defaultValue: false,
      label: 'Put the affected services under maintenance during the window',
      admin: { description: 'At the start they go to “Under maintenance”; at the end or on cancel they go back.' },
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'upcoming',
      index: true,
      options: optionsFrom(MAINTENANCE_STATUSES, MAINTENANCE_STATUS_LABELS),
      admin: {
        position: 'sidebar',
        description: 'Upcoming, in progress and completed follow the schedule. Set completed to end it (final), or cancelled.',
      },
    },
    {
      name: 'notifySubscribers',
      type: 'checkbox',
      defaultValue: true,
      admin: { position: 'sidebar', description: 'Tell subscribers when it is scheduled, starts, completes or is cancelled.' },
    },
    { name: 'completedAt', type: 'date', access: { create: nobody, update: nobody }, admin: { readOnly: true, position: 'sidebar', ...dayAndTime } },
    {
      name: 'completedBy',
      type: 'select',
      options: optionsFrom(COMPLETED_BY, { schedule: 'The schedule', operator: 'An operator' }),
      access: { create: nobody, update: nobody },
      admin: {
        readOnly: true,
        position: 'sidebar',
        description: 'Completed by the schedule: moving the end into the future resumes it. By an operator: final.',
      },
    },
    { name: 'cancelledAt', type: 'date', access: { create: nobody, update: nobody }, admin: { readOnly: true, position: 'sidebar', ...dayAndTime } },
    {
      name: 'updates',
      type: 'array',
      fields: [
        { name: 'message', type: 'textarea', required: true, maxLength: 10000 },
        { name: 'createdAt', type: 'date', defaultValue: () => new Date().toISOString(), admin: dayAndTime },
        { name: 'notify', type: 'checkbox', defaultValue: true },
      ],
    },
  ],
}
