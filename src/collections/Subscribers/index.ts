import type { CollectionConfig } from 'payload'

import { admins, editors } from '../../access/roles'
import { isE164, isEmailAddress } from '../../domain/contact'
import { SUBSCRIBER_TYPES } from '../../domain/statuses'
import { optionsFrom } from '../../fields/options'
import { assignTokens } from './hooks/assign-tokens'

export const Subscribers: CollectionConfig = {
  slug: 'subscribers',
  admin: { useAsTitle: 'email', defaultColumns: ['type', 'email', 'phone', 'verified', 'active'], group: 'Audience' },
  access: { read: editors, create: admins, update: admins, delete: admins },
  hooks: {
    beforeChange: [assignTokens],
  },
  fields: [
    { name: 'type', type: 'select', required: true, defaultValue: 'email', options: optionsFrom(SUBSCRIBER_TYPES) },
    {
      name: 'email',
      type: 'text',
      unique: true,
      index: true,
      maxLength: 254,
      admin: { condition: (data) => data?.type !== 'sms' },
      validate: (value: unknown, { siblingData }: { siblingData: Record<string, unknown> }) => {
        if (siblingData?.type === 'sms' && (value == null || value === '')) return true
        if (typeof value !== 'string' || value === '') return 'email is required for e-mail subscribers'
        return isEmailAddress(value.trim()) || 'email must be a valid e-mail address'
      },
    },
    {
      name: 'phone',
      type: 'text',
      unique: true,
      index: true,
      admin: { condition: (data) => data?.type === 'sms', description: 'E.164, e.g. +14155550123' },
      validate: (value: unknown, { siblingData }: { siblingData: Record<string, unknown> }) => {
        if (siblingData?.type !== 'sms' && (value == null || value === '')) return true
        if (typeof value !== 'string' || value === '') return 'phone is required for SMS subscribers'
        return isE164(value) || 'phone must be an E.164 number such as +14155550123'
      },
    },
    { name: 'verified', type: 'checkbox', defaultValue: false, index: true, admin: { position: 'sidebar' } },
    { name: 'active', type: 'checkbox', defaultValue: true, index: true, admin: { position: 'sidebar' } },
    { name: 'verifiedAt', type: 'date', admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'unsubscribedAt', type: 'date', admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } } },
    {
      name: 'confirmationSentAt',
      type: 'date',
      admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' }, description: 'When the last confirmation was sent: stamped only once the mail server or SMS provider took it.' },
    },
    {
      // When the visitor last asked: a pending address gets one confirmation per SUBSCRIBE_RESEND_SECONDS.
      name: 'confirmationRequestedAt',
      type: 'date',
      admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'confirmationError',
      type: 'text',
      label: 'Confirmation failed',
      admin: { readOnly: true, position: 'sidebar', description: 'Why the last confirmation could not be sent; empty once one is sent.' },
    },
    { name: 'confirmationFailedAt', type: 'date', index: true, admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } } },
    {
      name: 'services',
      type: 'relationship',
      relationTo: 'services',
      hasMany: true,
      admin: { description: 'Only notify about these services. Empty: everything.' },
    },
    { name: 'unsubscribeToken', type: 'text', hidden: true, unique: true, index: true },
    { name: 'verificationToken', type: 'text', hidden: true, index: true },
    { name: 'createdFromAddress', label: 'Creation address', type: 'text', maxLength: 64, admin: { readOnly: true, position: 'sidebar' } },
  ],
}
