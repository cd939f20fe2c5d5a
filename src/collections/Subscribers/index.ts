import type { CollectionConfig, Field } from 'payload'

import { pageSubscribersRead } from '@/access/page-editors'
import { admins, adminsField, nobody } from '@/access/roles'
import { CHANNEL_LABELS, CHANNEL_RULES, type ChannelRules } from '@/domain/channels'
import { isE164, isEmailAddress } from '@/domain/contact'
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES } from '@/domain/locales'
import { SUBSCRIBER_TYPES } from '@/domain/statuses'
import { MAX_URL, normaliseEndpoint } from '@/domain/subscription-request'
import { optionsFrom } from '@/fields/options'
import { type RequestLanguage, requestT } from '@/i18n/admin-translations'
import { secretField } from '@/fields/secret'
import { destinationProblem } from '@/net/outbound-url'
import { operatorChannel } from '@/notify/language'
import { signingSecretEndpoint } from '@/notify/signing-secret-endpoint'
import { testDeliveryEndpoint } from '@/notify/test-delivery'
import { assignTokens } from './hooks/assign-tokens'
import { onePerAddressAndPage } from './hooks/one-per-page'
import { subscriberIncidentKey, subscriberPageKey } from './hooks/page-key'
import { issueSigningSecret, showSigningSecretOnce } from './hooks/signing-secret'

/** Whether a subscriber of this type keeps its address in `field` (src/domain/channels.ts); the default type is e-mail. */
const holds = (type: unknown, field: ChannelRules['addressField']): boolean =>
  CHANNEL_RULES[
    (typeof type === 'string' && Object.hasOwn(CHANNEL_RULES, type) ? type : 'email') as keyof typeof CHANNEL_RULES
  ].addressField === field

export const Subscribers: CollectionConfig = {
  slug: 'subscribers',
  admin: {
    useAsTitle: 'email',
    defaultColumns: [
      'type',
      'email',
      'phone',
      'contactEmail',
      'page',
      'incident',
      'verified',
      'active',
      'quarantinedAt',
    ],
    group: 'Audience',
  },
  access: { read: pageSubscribersRead, create: admins, update: admins, delete: admins },
  // One subscription per address and page, and per incident followed: the same address may follow two pages
  // (docs/pages.md), and on one page its news and some of its incidents.
  indexes: (['email', 'phone', 'url'] as const).map((field) => ({
    fields: [field, 'pageKey', 'incidentKey'],
    unique: true,
  })),
  endpoints: [testDeliveryEndpoint, signingSecretEndpoint],
  hooks: {
    beforeChange: [onePerAddressAndPage, assignTokens, issueSigningSecret],
    afterChange: [showSigningSecretOnce],
  },
  fields: [
    {
      name: 'type',
      type: 'select',
      required: true,
      defaultValue: 'email',
      options: optionsFrom(SUBSCRIBER_TYPES, CHANNEL_LABELS),
    },
    {
      name: 'email',
      type: 'text',
      index: true,
      maxLength: 254,
      admin: { condition: (data) => holds(data?.type, 'email') },
      validate: (
        value: unknown,
        { siblingData, req }: { siblingData: Record<string, unknown>; req: RequestLanguage },
      ) => {
        if (!holds(siblingData?.type, 'email') && (value == null || value === '')) return true
        if (typeof value !== 'string' || value === '') return requestT(req)('admin.check.subscriber.emailRequired')
        return isEmailAddress(value.trim()) || requestT(req)('admin.check.subscriber.emailInvalid')
      },
    },
    {
      name: 'phone',
      type: 'text',
      index: true,
      admin: { condition: (data) => holds(data?.type, 'phone'), description: 'E.164, e.g. +14155550123' },
      validate: (
        value: unknown,
        { siblingData, req }: { siblingData: Record<string, unknown>; req: RequestLanguage },
      ) => {
        if (!holds(siblingData?.type, 'phone') && (value == null || value === '')) return true
        if (typeof value !== 'string' || value === '') return requestT(req)('admin.check.subscriber.phoneRequired')
        return isE164(value) || requestT(req)('admin.check.subscriber.phoneInvalid')
      },
    },
    {
      name: 'url',
      label: 'URL',
      type: 'text',
      index: true,
      maxLength: MAX_URL,
      // Stored in one spelling, whoever writes it, so that the unique index holds one row per endpoint and page.
      hooks: { beforeValidate: [({ value }) => (typeof value === 'string' ? normaliseEndpoint(value) : value)] },
      // A Slack, Discord or Teams webhook URL is itself the credential that posts to the channel.
      access: { read: adminsField },
      admin: {
        condition: (data) => holds(data?.type, 'url'),
        description:
          'The endpoint (webhook), or the incoming-webhook URL Slack, Discord or a Teams Workflow gave you. Nothing is sent on save: use "Send a test delivery".',
      },
      validate: (
        value: unknown,
        { siblingData, req }: { siblingData: Record<string, unknown>; req: RequestLanguage },
      ) => {
        if (!holds(siblingData?.type, 'url') && (value == null || value === '')) return true
        if (typeof value !== 'string' || value === '') return requestT(req)('admin.check.subscriber.urlRequired')
        const problem = destinationProblem(value.trim())
        return problem ? `url ${problem}` : true
      },
    },
    {
      name: 'contactEmail',
      label: 'Contact e-mail',
      type: 'text',
      maxLength: 254,
      admin: {
        condition: (data) => holds(data?.type, 'url'),
        description: 'Receives the notice when the endpoint keeps failing or is quarantined.',
      },
      validate: (value: unknown, { req }: { req: RequestLanguage }) =>
        value == null ||
        value === '' ||
        (typeof value === 'string' && isEmailAddress(value.trim())) ||
        requestT(req)('admin.check.subscriber.contactEmailInvalid'),
    },
    {
      ...secretField('signingSecret', 'Signing secret'),
      admin: {
        condition: (data) => data?.type === 'webhook',
        description:
          'Signs every request (Standard Webhooks). Shown once, in the answer to the save that created it; never again.',
        readOnly: true,
      },
    } as Field,
    {
      name: 'endpointActions',
      type: 'ui',
      admin: {
        condition: (data) => holds(data?.type, 'url'),
        components: { Field: '/components/EndpointActionsField#EndpointActionsField' },
      },
    },
    {
      name: 'failingSince',
      type: 'date',
      access: { create: nobody, update: nobody },
      admin: {
        readOnly: true,
        position: 'sidebar',
        date: { pickerAppearance: 'dayAndTime' },
        condition: (data) => holds(data?.type, 'url'),
        description: 'First failed delivery since the last success.',
      },
    },
    {
      name: 'quarantinedAt',
      type: 'date',
      access: { create: nobody, update: nobody },
      index: true,
      admin: {
        readOnly: true,
        position: 'sidebar',
        date: { pickerAppearance: 'dayAndTime' },
        condition: (data) => holds(data?.type, 'url'),
        description: 'Set after 3 days of failures: nothing is sent until a test delivery succeeds.',
      },
    },
    { name: 'verified', type: 'checkbox', defaultValue: false, index: true, admin: { position: 'sidebar' } },
    { name: 'active', type: 'checkbox', defaultValue: true, index: true, admin: { position: 'sidebar' } },
    {
      name: 'verifiedAt',
      type: 'date',
      admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'unsubscribedAt',
      type: 'date',
      admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'confirmationSentAt',
      type: 'date',
      admin: {
        readOnly: true,
        position: 'sidebar',
        date: { pickerAppearance: 'dayAndTime' },
        description: 'When the last confirmation was sent: stamped only once the mail server or SMS provider took it.',
      },
    },
    {
      // When the visitor last asked: a pending address gets one confirmation per SUBSCRIBE_RESEND_SECONDS.
      name: 'confirmationRequestedAt',
      type: 'date',
      admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      // The request (its confirmationRequestedAt) whose confirmation a runner took on: each is sent at most once.
      name: 'confirmationClaimedFor',
      type: 'date',
      hidden: true,
    },
    {
      name: 'confirmationError',
      type: 'text',
      label: 'Confirmation failed',
      admin: {
        readOnly: true,
        position: 'sidebar',
        description: 'Why the last confirmation could not be sent; empty once one is sent.',
      },
    },
    {
      name: 'confirmationFailedAt',
      type: 'date',
      index: true,
      admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'page',
      type: 'relationship',
      relationTo: 'pages',
      admin: {
        position: 'sidebar',
        description:
          "The status page this subscriber follows: it hears about that page's incidents, with its name and links. Empty: the default page.",
      },
    },
    ...subscriberPageKey,
    {
      // docs/notifications.md, "Following one incident".
      name: 'incident',
      type: 'relationship',
      relationTo: 'incidents',
      // Which incident a follower follows is fixed when it subscribes.
      access: { update: nobody },
      admin: {
        position: 'sidebar',
        description:
          'The one incident this subscriber follows: it hears only its updates and its resolution, and is unsubscribed once the resolution is sent. Empty: it follows its page (or followed an incident since deleted).',
      },
    },
    ...subscriberIncidentKey,
    {
      // docs/languages.md: what everything sent to the subscriber is in. A chat endpoint is the operator's, and speaks
      // its page's default language (src/notify/language.ts).
      name: 'language',
      type: 'select',
      defaultValue: DEFAULT_LOCALE,
      options: LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] })),
      admin: {
        position: 'sidebar',
        condition: (data) => !operatorChannel(data?.type),
        description: 'What its messages are in: the language of the page it subscribed from, unless changed here.',
      },
    },
    {
      name: 'services',
      type: 'relationship',
      relationTo: 'services',
      hasMany: true,
      admin: { description: "Only notify about these services (of the subscriber's page). Empty: everything." },
    },
    { name: 'unsubscribeToken', type: 'text', hidden: true, unique: true, index: true },
    { name: 'verificationToken', type: 'text', hidden: true, index: true },
    {
      name: 'createdFromAddress',
      label: 'Creation address',
      type: 'text',
      maxLength: 64,
      admin: { readOnly: true, position: 'sidebar' },
    },
  ],
}
