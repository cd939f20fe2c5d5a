import type { CollectionConfig, PayloadRequest } from 'payload'

import { withoutPrivatePages } from '@/access/private-pages'
import { keepOnEditorPages, pageRecordsRead, pageRecordsUpdate } from '@/access/page-editors'
import { admins, anyoneButDrafts, editors, nobody } from '@/access/roles'
import { draftFields, keepPublished, publishedOnly, retryPublication } from '@/fields/draft'
import { COMPLETED_BY, maintenanceWindowError } from '@/domain/maintenance-lifecycle'
import { RECURRENCE_FREQUENCIES, RECURRENCE_LABELS, WEEKDAY_LABELS, WEEKDAYS } from '@/domain/recurrence'
import { MAINTENANCE_REMINDER_CHOICES, REMINDER_LEAD_LABELS } from '@/domain/reminders'
import { MAINTENANCE_STATUS_LABELS, MAINTENANCE_STATUSES } from '@/domain/statuses'
import { importedFromField } from '@/fields/imported-from'
import { optionsFrom } from '@/fields/options'
import { missingTranslationsField } from '@/fields/missing-translations'
import { publicPageLinkField } from '@/fields/public-page-link'
import { shortIdField } from '@/fields/short-id'
import { shownOnPagesField } from '@/fields/shown-on-pages'
import { invalidatePublicCache } from '@/hooks/invalidate-public-cache'
import { deriveMaintenanceStatus } from './hooks/derive-state'
import { followMaintenanceMove } from './hooks/follow-move'
import { lockStatusesBeforeSave } from '@/services/service-status/lock-before-save'
import { releaseServicesOnDelete } from './hooks/release-on-delete'
import { maintenanceFromTemplate, type MaintenanceTemplate } from '@/domain/templates'
import { startFromTemplate, templateField } from '@/fields/template'
import { localizedTextRule, localizedTextareaRule } from '@/fields/localized'
import { inRequestLanguage } from '@/i18n/admin-translations'

const dayAndTime = { date: { pickerAppearance: 'dayAndTime' as const } }
/** A time an editor types: any minute, with the site's time zone named beside it (src/components/SiteZoneDateField.tsx). */
const editableTime = {
  date: { pickerAppearance: 'dayAndTime' as const, timeIntervals: 1 },
  components: { Field: '/components/SiteZoneDateField#SiteZoneDateField' },
}

export const Maintenances: CollectionConfig = {
  slug: 'maintenances',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'status', 'scheduledStartAt', 'scheduledEndAt', 'publishError'],
    // Every page's maintenances are in one list: the switcher narrows it to one page's (docs/pages.md).
    components: { beforeListTable: ['/components/PageSwitcher#PageSwitcher'] },
    group: 'Status',
  },
  defaultSort: '-scheduledStartAt',
  // One maintenance per slot of a series, whichever instance creates it (src/services/maintenances/extend-series.ts).
  indexes: [{ fields: ['series', 'seriesSlot'], unique: true }],
  access: {
    read: pageRecordsRead(withoutPrivatePages('records', anyoneButDrafts)),
    create: editors,
    update: pageRecordsUpdate,
    delete: admins,
  },
  hooks: {
    beforeOperation: [startFromTemplate<MaintenanceTemplate>('maintenance-templates', maintenanceFromTemplate)],
    beforeChange: [
      keepPublished,
      retryPublication,
      deriveMaintenanceStatus,
      keepOnEditorPages,
      lockStatusesBeforeSave('maintenance'),
    ],
    afterChange: [...invalidatePublicCache.afterChange, publishedOnly(followMaintenanceMove)],
    afterDelete: [...invalidatePublicCache.afterDelete, releaseServicesOnDelete],
  },
  fields: [
    { name: 'title', type: 'text', required: true, localized: true, maxLength: 300, validate: localizedTextRule },
    shortIdField('maintenances'),
    publicPageLinkField('m'),
    missingTranslationsField,
    templateField('maintenance-templates'),
    ...draftFields('maintenance'),
    { name: 'description', type: 'richText', localized: true },
    { name: 'scheduledStartAt', type: 'date', required: true, index: true, admin: editableTime },
    {
      name: 'scheduledEndAt',
      type: 'date',
      index: true,
      admin: { ...editableTime, description: 'Leave empty for an open end.' },
      validate: (
        value: unknown,
        { siblingData, req }: { siblingData: Record<string, unknown>; req: PayloadRequest },
      ) => {
        if (value == null || value === '') return true
        const start = siblingData?.scheduledStartAt
        if (!start) return true
        const problem = maintenanceWindowError({
          scheduledStartAt: new Date(start as string),
          scheduledEndAt: new Date(value as string),
        })
        return problem ? inRequestLanguage(req, problem) : true
      },
    },
    {
      name: 'duration',
      type: 'text',
      maxLength: 100,
      admin: { description: 'Optional, e.g. "about 2 hours". When empty, an estimate from the window is shown.' },
    },
    { name: 'affectedServices', type: 'relationship', relationTo: 'services', hasMany: true },
    shownOnPagesField,
    importedFromField,
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
        description:
          'Upcoming, in progress and completed follow the schedule. Set completed to end it (final), or cancelled.',
      },
    },
    {
      name: 'notifySubscribers',
      type: 'checkbox',
      defaultValue: true,
      admin: {
        position: 'sidebar',
        description: 'Tell subscribers when it is scheduled, starts, completes or is cancelled.',
      },
    },
    {
      name: 'recurrence',
      type: 'group',
      label: 'Repeat',
      admin: {
        condition: (data) => !data?.series,
        description:
          'In the site’s time zone. The next three occurrences are kept created ahead as maintenances of their own; cancel one to skip it. Set "Does not repeat" or an end date to end the series.',
      },
      fields: [
        {
          name: 'frequency',
          type: 'select',
          defaultValue: 'none',
          options: optionsFrom(RECURRENCE_FREQUENCIES, RECURRENCE_LABELS),
        },
        {
          name: 'weekdays',
          type: 'select',
          hasMany: true,
          options: optionsFrom(WEEKDAYS, WEEKDAY_LABELS),
          admin: {
            condition: (_data, sibling) => sibling?.frequency === 'weekly',
            description: 'Empty: the weekday of this maintenance.',
          },
        },
        {
          name: 'dayOfMonth',
          type: 'number',
          min: 1,
          max: 31,
          admin: {
            step: 1,
            condition: (_data, sibling) => sibling?.frequency === 'monthly',
            description: 'Empty: the day of this maintenance. Months without that day are skipped.',
          },
        },
        {
          name: 'until',
          type: 'date',
          admin: {
            condition: (_data, sibling) => Boolean(sibling?.frequency) && sibling.frequency !== 'none',
            description: 'No occurrence starts after this.',
            ...editableTime,
          },
        },
      ],
    },
    {
      name: 'series',
      type: 'relationship',
      relationTo: 'maintenances',
      index: true,
      access: { create: nobody, update: nobody },
      admin: {
        readOnly: true,
        position: 'sidebar',
        condition: (data) => Boolean(data?.series),
        description: 'An occurrence of this recurring maintenance.',
      },
    },
    // The slot of the series this occurrence fills (its start when it was created).
    { name: 'seriesSlot', type: 'date', access: { create: nobody, update: nobody }, admin: { hidden: true } },
    {
      name: 'remindBefore',
      label: 'Reminder to subscribers',
      type: 'select',
      defaultValue: 'default',
      options: optionsFrom(MAINTENANCE_REMINDER_CHOICES, {
        default: 'As the site settings say',
        ...REMINDER_LEAD_LABELS,
      }),
      admin: { position: 'sidebar', condition: (data) => data?.notifySubscribers !== false },
    },
    // The start a reminder was sent for: one reminder per window, whichever instance sends it (src/services/reminders/remind-maintenances.ts).
    { name: 'remindedFor', type: 'date', hidden: true, access: { create: nobody, update: nobody } },
    {
      name: 'completedAt',
      type: 'date',
      access: { create: nobody, update: nobody },
      admin: { readOnly: true, position: 'sidebar', ...dayAndTime },
    },
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
    {
      name: 'cancelledAt',
      type: 'date',
      access: { create: nobody, update: nobody },
      admin: { readOnly: true, position: 'sidebar', ...dayAndTime },
    },
    {
      name: 'updates',
      type: 'array',
      fields: [
        {
          name: 'message',
          type: 'textarea',
          required: true,
          localized: true,
          maxLength: 10000,
          validate: localizedTextareaRule,
        },
        { name: 'createdAt', type: 'date', defaultValue: () => new Date().toISOString(), admin: editableTime },
        { name: 'notify', type: 'checkbox', defaultValue: true },
      ],
    },
  ],
}
