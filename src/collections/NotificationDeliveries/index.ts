import type { CollectionConfig } from 'payload'

import { unlimitedEditors } from '@/access/page-editors'
import { admins, nobody } from '@/access/roles'
import { CHANNELS, DELIVERY_STATUSES } from '@/domain/notifications'
import { optionsFrom } from '@/fields/options'

const readOnly = { readOnly: true }
const dayAndTime = { date: { pickerAppearance: 'dayAndTime' as const } }

/**
 * One row per (notification, subscriber): the unique pair is what keeps a retried or restarted job from sending
 * twice (src/notify/deliveries.ts claims a row before sending it). Operators see failures and their errors here.
 * Both relationships are optional only so that deleting a subscriber (or a notification) keeps the record of what
 * was sent, with the address, instead of failing on the foreign key.
 */
export const NotificationDeliveries: CollectionConfig = {
  slug: 'notification-deliveries',
  labels: { singular: 'Notification delivery', plural: 'Notification deliveries' },
  admin: {
    useAsTitle: 'address',
    defaultColumns: ['address', 'channel', 'status', 'attempts', 'lastError', 'notification', 'sentAt'],
    group: 'Audience',
  },
  defaultSort: '-createdAt',
  // A limited editor (docs/pages.md) reads none: they hold every page's subscribers' addresses.
  access: { read: unlimitedEditors, create: nobody, update: nobody, delete: admins },
  indexes: [{ fields: ['notification', 'subscriber'], unique: true }],
  fields: [
    { name: 'notification', type: 'relationship', relationTo: 'notifications', index: true, admin: readOnly },
    { name: 'subscriber', type: 'relationship', relationTo: 'subscribers', index: true, admin: readOnly },
    { name: 'channel', type: 'select', required: true, options: optionsFrom(CHANNELS), admin: readOnly },
    { name: 'address', type: 'text', admin: readOnly },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'pending',
      index: true,
      options: optionsFrom(DELIVERY_STATUSES),
      admin: readOnly,
    },
    { name: 'attempts', type: 'number', defaultValue: 0, admin: readOnly },
    { name: 'nextAttemptAt', type: 'date', index: true, admin: { ...readOnly, ...dayAndTime } },
    { name: 'claimedAt', type: 'date', admin: { ...readOnly, ...dayAndTime } },
    { name: 'sentAt', type: 'date', admin: { ...readOnly, ...dayAndTime } },
    { name: 'lastError', type: 'text', admin: readOnly },
  ],
}
