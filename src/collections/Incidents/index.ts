import type { CollectionAfterChangeHook, CollectionConfig, PayloadRequest, Validate } from 'payload'
import { relationship } from 'payload/shared'

import { withoutPrivatePages } from '@/access/private-pages'
import { keepOnEditorPages, pageRecordsRead, pageRecordsUpdate } from '@/access/page-editors'
import { admins, anyoneButDrafts, editors, nobody } from '@/access/roles'
import { draftFields, keepPublished, publishedOnly, retryPublication } from '@/fields/draft'
import { INCIDENT_STATUS_LABELS, INCIDENT_STATUSES, SERVICE_STATUS_LABELS, SERVICE_STATUSES } from '@/domain/statuses'
import { chosenServiceError } from '@/domain/service-status-change'
import { importedFromField } from '@/fields/imported-from'
import { optionsFrom } from '@/fields/options'
import { missingTranslationsField } from '@/fields/missing-translations'
import { publicPageLinkField } from '@/fields/public-page-link'
import { shortIdField } from '@/fields/short-id'
import { shownOnPagesField } from '@/fields/shown-on-pages'
import { invalidatePublicCache } from '@/hooks/invalidate-public-cache'
import { notifyIncidentChange, notifyPostmortemPublished } from '@/notify/events'
import { applyIncidentServiceStatuses } from '@/services/incidents/apply-service-statuses'
import { keepUpdateServiceStatuses } from '@/services/incidents/keep-update-service-statuses'
import { restorePreviewEndpoint } from '@/status/restore-preview'
import { richTextHasWords } from '@/domain/rich-text-shape'
import { incidentFromTemplate, type IncidentTemplate } from '@/domain/templates'
import { startFromTemplate, templateField } from '@/fields/template'
import { writeBackfilledHistory } from '@/services/incidents/write-backfilled-history'
import { addServicesItSets } from './hooks/add-services-it-sets'
import { checkBackfill } from './hooks/check-backfill'
import { endFollowersOnDelete } from './hooks/end-followers'
import { deriveIncidentStatus } from './hooks/derive-status'
import { endQuietOnPersonsEdit } from './hooks/end-quiet-on-persons-edit'
import { keepAutomatedUpdates } from './hooks/keep-automated-updates'
import { lockStatusesBeforeSave } from '@/services/service-status/lock-before-save'
import { releaseServicesOnDelete } from './hooks/release-on-delete'
import { stampUpdateTimes } from './hooks/stamp-update-times'
import { integrationIncidentFields } from './integration-fields'
import { localizedTextRule, localizedTextareaRule } from '@/fields/localized'
import { inRequestLanguage, requestT } from '@/i18n/admin-translations'

const statusOptions = optionsFrom(INCIDENT_STATUSES, INCIDENT_STATUS_LABELS)

/** A backfilled incident changes no current status: its history is written at its own times instead. */
const unlessBackfilled =
  (hook: CollectionAfterChangeHook): CollectionAfterChangeHook =>
  (args) =>
    args.doc.backfilled ? args.doc : hook(args)

const serviceChosen: Validate = (value, options) => {
  const problem = chosenServiceError(value, options.previousValue)
  return problem ? inRequestLanguage(options.req, problem) : relationship(value as never, options as never)
}

export const Incidents: CollectionConfig = {
  slug: 'incidents',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'status', 'createdAt', 'resolvedAt', 'publishError'],
    // Every page's incidents are in one list: the switcher narrows it to one page's (docs/pages.md).
    components: { beforeListTable: ['/components/PageSwitcher#PageSwitcher'] },
    group: 'Status',
  },
  defaultSort: '-createdAt',
  // The public lists filter by status and a window of creation times, newest first (/ reads the past 7 days' resolved ones).
  indexes: [{ fields: ['status', 'createdAt'] }],
  access: {
    read: pageRecordsRead(withoutPrivatePages('records', anyoneButDrafts)),
    create: editors,
    update: pageRecordsUpdate,
    delete: admins,
  },
  endpoints: [restorePreviewEndpoint],
  hooks: {
    beforeOperation: [startFromTemplate<IncidentTemplate>('incident-templates', incidentFromTemplate)],
    beforeValidate: [stampUpdateTimes],
    beforeChange: [
      keepPublished,
      retryPublication,
      keepAutomatedUpdates,
      deriveIncidentStatus,
      checkBackfill,
      keepUpdateServiceStatuses,
      endQuietOnPersonsEdit,
      addServicesItSets,
      keepOnEditorPages,
      lockStatusesBeforeSave('incident'),
    ],
    afterChange: [
      ...invalidatePublicCache.afterChange,
      publishedOnly(notifyIncidentChange),
      publishedOnly(notifyPostmortemPublished),
      publishedOnly(unlessBackfilled(applyIncidentServiceStatuses)),
      publishedOnly(writeBackfilledHistory),
    ],
    afterDelete: [...invalidatePublicCache.afterDelete, releaseServicesOnDelete, endFollowersOnDelete],
  },
  fields: [
    { name: 'title', type: 'text', required: true, localized: true, maxLength: 300, validate: localizedTextRule },
    shortIdField('incidents'),
    publicPageLinkField('i'),
    missingTranslationsField,
    templateField('incident-templates'),
    ...draftFields('incident'),
    {
      name: 'status',
      type: 'select',
      options: statusOptions,
      index: true,
      access: { create: nobody, update: nobody },
      admin: { readOnly: true, position: 'sidebar', description: 'Always the status of the newest update.' },
    },
    {
      name: 'resolvedAt',
      type: 'date',
      index: true,
      access: { create: nobody, update: nobody },
      admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'backfilled',
      type: 'checkbox',
      defaultValue: false,
      label: 'Backfilled: it happened earlier',
      access: { update: nobody },
      admin: {
        position: 'sidebar',
        condition: (data) => !data?.id || Boolean(data?.backfilled),
        description:
          'For an incident nobody wrote down at the time: give each update its time and end with a resolved one. Nobody is notified and current statuses stay; the services’ history shows it at those times.',
      },
    },
    {
      name: 'affectedServices',
      type: 'relationship',
      relationTo: 'services',
      hasMany: true,
      admin: {
        description:
          'Pick them once: each new update lists them with their current status. A service an update sets a status for is added here.',
      },
    },
    shownOnPagesField,
    importedFromField,
    ...integrationIncidentFields,
    {
      name: 'updates',
      type: 'array',
      required: true,
      minRows: 1,
      admin: {
        description:
          'The timeline, newest first: add an update for each change. The newest update sets the incident’s status.',
        // Shown newest first with Add update on top; stored (and answered by the API) as before.
        components: { Field: '/components/IncidentUpdatesField#IncidentUpdatesField' },
      },
      fields: [
        // No time is taken when the row is added: an empty time is stamped when the incident is saved.
        {
          name: 'status',
          type: 'select',
          required: true,
          options: statusOptions,
          // A new row starts at the incident's current status (investigating for the first): never blank.
          admin: { components: { Field: '/components/UpdateStatusField#UpdateStatusField' } },
        },
        // A new update starts with the site's default message for its status (Settings).
        {
          name: 'message',
          type: 'textarea',
          required: true,
          localized: true,
          validate: localizedTextareaRule,
          maxLength: 10000,
          admin: { components: { Field: '/components/UpdateMessageField#UpdateMessageField' } },
        },
        {
          name: 'createdAt',
          type: 'date',
          admin: {
            date: { pickerAppearance: 'dayAndTime', timeIntervals: 1 },
            description: 'Leave empty for the time of saving.',
            components: { Field: '/components/SiteZoneDateField#SiteZoneDateField' },
          },
        },
        {
          name: 'notify',
          type: 'checkbox',
          defaultValue: true,
          admin: { description: 'Send this update to subscribers.' },
        },
        {
          // Applied when this update becomes the newest; resolving gives the services back (src/services/service-status/release.ts).
          name: 'serviceStatuses',
          type: 'array',
          label: 'Set service statuses',
          labels: { singular: 'Service status', plural: 'Service statuses' },
          admin: {
            description:
              'The statuses this update gives services. When the incident resolves, the services it changed go back.',
          },
          fields: [
            // Not `required`: that would make the column NOT NULL, and deleting a service sets it to null (the row
            // stays as history, src/domain/service-status-change.ts chosenServiceError).
            { name: 'service', type: 'relationship', relationTo: 'services', validate: serviceChosen },
            {
              name: 'status',
              type: 'select',
              required: true,
              options: optionsFrom(SERVICE_STATUSES, SERVICE_STATUS_LABELS),
              // Shows the chosen service's current status beside the new one.
              admin: { components: { Field: '/components/ServiceStatusPickField#ServiceStatusPickField' } },
            },
          ],
        },
        // Written by a monitoring integration: coalesced past a bound, and kept from a stale save (hooks/keep-automated-updates.ts).
        {
          name: 'automated',
          type: 'checkbox',
          defaultValue: false,
          hidden: true,
          access: { create: nobody, update: nobody },
        },
        // Under an update that resolves the incident: which services go back to what (src/status/restore-preview.ts).
        { name: 'restoreNote', type: 'ui', admin: { components: { Field: '/components/RestoreNote#RestoreNote' } } },
      ],
    },
    // When editors were last reminded that nobody updated this open incident (src/services/reminders/remind-quiet-incidents.ts).
    { name: 'reminderSentAt', type: 'date', hidden: true, access: { create: nobody, update: nobody } },
    {
      name: 'postmortem',
      type: 'richText',
      localized: true,
      admin: {
        description:
          'What happened, why, and what changes: written while the incident is open or after. Visitors see it once it is published.',
      },
    },
    {
      name: 'postmortemPublishedAt',
      type: 'date',
      label: 'Postmortem published',
      validate: (value: unknown, { siblingData, req }: { siblingData: Record<string, unknown>; req: PayloadRequest }) =>
        value == null ||
        value === '' ||
        richTextHasWords(siblingData?.postmortem) ||
        requestT(req)('admin.check.incident.postmortemUnwritten'),
      admin: {
        position: 'sidebar',
        date: { pickerAppearance: 'dayAndTime' },
        description:
          'Set to publish the postmortem: it shows on the incident page, in the API and feeds, and subscribers are told once.',
        components: { Field: '/components/PublishPostmortemField#PublishPostmortemField' },
      },
    },
  ],
}
