import type { CollectionConfig } from 'payload'

import { unlimitedEditors } from '@/access/page-editors'
import { admins, nobody } from '@/access/roles'
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, NOTIFICATION_STATUSES } from '@/domain/notifications'
import { optionsFrom } from '@/fields/options'

const readOnly = { readOnly: true }

/**
 * One row per event that subscribers hear about (src/domain/notifications.ts), written by the incident and
 * maintenance hooks in the same transaction as the write that caused it, together with the job that delivers it.
 * Operators read here what was sent and what failed; nobody writes it through the API.
 */
export const Notifications: CollectionConfig = {
  slug: 'notifications',
  admin: {
    useAsTitle: 'subject',
    defaultColumns: ['subject', 'kind', 'status', 'recipients', 'sent', 'failed', 'createdAt'],
    group: 'Audience',
    description: 'What subscribers were told. Each delivery, with its errors, is under Notification deliveries.',
  },
  defaultSort: '-createdAt',
  // A limited editor (docs/pages.md) reads none: they hold every page's subscribers' addresses.
  access: { read: unlimitedEditors, create: nobody, update: nobody, delete: admins },
  fields: [
    {
      name: 'kind',
      type: 'select',
      required: true,
      options: optionsFrom(NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS),
      admin: readOnly,
    },
    { name: 'eventKey', type: 'text', required: true, unique: true, index: true, admin: { ...readOnly, hidden: true } },
    { name: 'subject', type: 'text', required: true, admin: readOnly },
    { name: 'message', type: 'textarea', admin: readOnly },
    {
      name: 'content',
      type: 'json',
      required: true,
      admin: {
        ...readOnly,
        description: 'What the messages say, as it was when the event happened (src/notify/messages.ts).',
      },
    },
    { name: 'incident', type: 'relationship', relationTo: 'incidents', index: true, admin: readOnly },
    { name: 'maintenance', type: 'relationship', relationTo: 'maintenances', index: true, admin: readOnly },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'queued',
      index: true,
      options: optionsFrom(NOTIFICATION_STATUSES),
      admin: { ...readOnly, position: 'sidebar' },
    },
    { name: 'recipients', type: 'number', admin: { ...readOnly, position: 'sidebar' } },
    { name: 'sent', type: 'number', admin: { ...readOnly, position: 'sidebar' } },
    { name: 'failed', type: 'number', admin: { ...readOnly, position: 'sidebar' } },
    {
      name: 'completedAt',
      type: 'date',
      admin: { ...readOnly, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      // Virtual (no column): this notification's deliveries, failed ones with their error, on its admin page.
      name: 'deliveries',
      type: 'join',
      collection: 'notification-deliveries',
      on: 'notification',
      defaultLimit: 20,
      defaultSort: '-updatedAt',
      admin: { defaultColumns: ['address', 'channel', 'status', 'attempts', 'lastError', 'sentAt'] },
    },
  ],
}
