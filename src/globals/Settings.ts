import type { GlobalConfig } from 'payload'

import { defaultPageReaders } from '@/access/private-pages'
import { admins, adminsField } from '@/access/roles'
import { REMINDER_LEAD_LABELS, REMINDER_LEADS } from '@/domain/reminders'
import { USER_ROLES } from '@/domain/statuses'
import { DEFAULT_SITE_NAME } from '@/domain/site'
import { optionsFrom } from '@/fields/options'
import { pageBrandingFields } from '@/fields/page-branding'
import { embeddingOriginsField } from '@/fields/embedding-origins'
import { languageField } from '@/fields/language'
import { noindexField } from '@/fields/noindex'
import { pageDisplayField } from '@/fields/page-display'
import { pageAccessField } from '@/fields/page-access'
import { pageSectionsField } from '@/fields/page-sections'
import { publicUrlField } from '@/fields/public-url'
import { timeZoneField } from '@/fields/time-zone'
import { invalidateAfterGlobalChange } from '@/hooks/invalidate-public-cache'
import { requireAWayInOfDefaultPage } from '@/hooks/require-a-way-in'
import { withdrawWhenDefaultPagePrivate } from '@/hooks/withdraw-when-private'

export const Settings: GlobalConfig = {
  slug: 'settings',
  admin: { group: 'Settings' },
  // Public, as the contract says, unless the default page is private: then its name and texts are its readers' only.
  access: { read: defaultPageReaders, update: admins },
  hooks: {
    beforeValidate: [requireAWayInOfDefaultPage],
    afterChange: [invalidateAfterGlobalChange, withdrawWhenDefaultPagePrivate],
  },
  fields: [
    { name: 'siteName', type: 'text', required: true, defaultValue: DEFAULT_SITE_NAME, maxLength: 200 },
    { name: 'description', type: 'textarea', maxLength: 2000 },
    {
      name: 'statusMessage',
      label: 'Custom status message',
      type: 'text',
      maxLength: 500,
      admin: { description: 'Shown in the banner instead of the message derived from service statuses.' },
    },
    {
      name: 'maintenanceMode',
      type: 'checkbox',
      defaultValue: false,
      admin: { description: 'When on, the overall status is "maintenance" whatever the services say.' },
    },
    {
      // What a new incident update's message starts as, per status (the incident form fills it in; editable there).
      name: 'defaultUpdateMessages',
      label: 'Default update messages',
      type: 'group',
      admin: {
        description:
          'A new incident update starts with the message for its status; the operator edits it before saving. Empty: no default.',
      },
      fields: [
        {
          name: 'investigating',
          type: 'textarea',
          maxLength: 2000,
          defaultValue: 'We are investigating this issue and will post an update as soon as we know more.',
        },
        {
          name: 'identified',
          type: 'textarea',
          maxLength: 2000,
          defaultValue: 'The issue has been identified and a fix is being implemented.',
        },
        {
          name: 'monitoring',
          type: 'textarea',
          maxLength: 2000,
          defaultValue: 'A fix has been implemented and we are monitoring the results.',
        },
        { name: 'resolved', type: 'textarea', maxLength: 2000, defaultValue: 'This incident has been resolved.' },
      ],
    },
    timeZoneField({ defaultValue: 'UTC' }),
    languageField,
    publicUrlField('e.g. https://status.example.com, used in links from the API, feeds and e-mails.'),
    {
      name: 'maintenanceReminder',
      label: 'Maintenance reminder',
      type: 'select',
      defaultValue: '1h',
      options: optionsFrom(REMINDER_LEADS, REMINDER_LEAD_LABELS),
      admin: {
        description:
          'When subscribers are reminded of a maintenance before it starts, unless the maintenance says otherwise. Not sent for a maintenance scheduled closer to its start than this.',
      },
    },
    {
      name: 'incidentReminderHours',
      label: 'Remind editors of a quiet incident after (hours)',
      type: 'number',
      defaultValue: 4,
      min: 0,
      max: 168,
      admin: {
        step: 1,
        description:
          'An open incident with no update for this long: editors and admins get an e-mail asking for one (again every as many hours). 0: never.',
      },
    },
    { name: 'logo', type: 'upload', relationTo: 'media' },
    { name: 'favicon', type: 'upload', relationTo: 'media' },
    ...pageBrandingFields({ onPage: false }),
    noindexField,
    pageSectionsField(
      'What the default page (every host no other page claims) shows. None: every service, grouped as the services say.',
    ),
    pageAccessField,
    embeddingOriginsField,
    pageDisplayField,
    {
      // Read by the sign-in (src/auth/second-factor/login-step.ts); not for the public, who read these settings.
      name: 'secondFactorRoles',
      label: 'Second factor required for',
      type: 'select',
      hasMany: true,
      options: optionsFrom(USER_ROLES),
      access: { read: adminsField, update: adminsField },
      admin: {
        description:
          'Accounts of these roles sign in with a code from an authenticator app besides their password; one without it is led to set it up at its next sign-in. API keys are not affected.',
      },
    },
  ],
}
