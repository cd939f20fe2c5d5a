import type { CollectionConfig, Field } from 'payload'

import { admins, nobody } from '@/access/roles'
import { MAX_TITLE } from '@/domain/alert-incident'
import {
  DEFAULT_MESSAGE_TEMPLATES,
  DEFAULT_TITLE_TEMPLATE,
  type MessageTemplateKind,
  PLACEHOLDER_HELP,
  templateProblem,
} from '@/domain/message-template'
import { DEFAULT_SERVICE_LABEL, INTEGRATION_KIND_LABELS, INTEGRATION_KINDS } from '@/domain/monitoring-event'
import { SERVICE_STATUS_LABELS, SERVICE_STATUSES } from '@/domain/statuses'
import { optionsFrom } from '@/fields/options'
import { regenerateTokenEndpoint } from '@/integrations/regenerate-token'
import { testEventEndpoint } from '@/integrations/test-event-endpoint'
import { issueToken } from './hooks/issue-token'
import { showTokenOnce } from './hooks/show-token-once'

const statusOptions = optionsFrom(SERVICE_STATUSES, SERVICE_STATUS_LABELS)

/** What customers read in the updates this integration writes (src/domain/message-template.ts). */
function messageField(name: string, kind: MessageTemplateKind, label: string, when: string): Field {
  return {
    name,
    label,
    type: 'textarea',
    maxLength: 2000,
    defaultValue: DEFAULT_MESSAGE_TEMPLATES[kind],
    // Not `required`: an integration saved before templates existed has none, and speaks with the default.
    validate: (value: unknown) => {
      if (value === null || value === undefined) return true
      const problem = templateProblem(typeof value === 'string' ? value : '')
      return problem ? `${label} ${problem}` : true
    },
    admin: { description: `${when} Shown on the public page and sent to subscribers. ${PLACEHOLDER_HELP}` },
  }
}

export const Integrations: CollectionConfig = {
  slug: 'integrations',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'kind', 'notifySubscribers', 'updatedAt'],
    group: 'Settings',
    description: 'Monitoring tools that open, update and resolve incidents (see docs/integrations.md).',
  },
  access: { read: admins, create: admins, update: admins, delete: admins },
  endpoints: [regenerateTokenEndpoint, testEventEndpoint],
  hooks: { beforeChange: [issueToken], afterChange: [showTokenOnce] },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    { name: 'kind', type: 'select', required: true, options: optionsFrom(INTEGRATION_KINDS, INTEGRATION_KIND_LABELS) },
    {
      name: 'tokenHash',
      type: 'text',
      hidden: true,
      unique: true,
      access: { create: nobody, update: nobody },
    },
    {
      name: 'token',
      type: 'ui',
      admin: { components: { Field: '/components/IntegrationTokenField#IntegrationTokenField' } },
    },
    {
      name: 'webhookAddress',
      type: 'ui',
      admin: { components: { Field: '/components/WebhookAddressField#WebhookAddressField' } },
    },
    {
      name: 'serviceLabel',
      type: 'text',
      required: true,
      defaultValue: DEFAULT_SERVICE_LABEL,
      maxLength: 100,
      admin: {
        description: 'The label, annotation, tag or field whose value is a service slug (or several, comma-separated).',
      },
    },
    {
      name: 'severityStatuses',
      type: 'array',
      admin: { description: 'Severity to service status. A `status` label or annotation with a service status wins.' },
      defaultValue: [
        { severity: 'critical', status: 'major' },
        { severity: 'warning', status: 'partial' },
        { severity: 'info', status: 'degraded' },
      ],
      fields: [
        { name: 'severity', type: 'text', required: true, maxLength: 100 },
        { name: 'status', type: 'select', required: true, options: statusOptions },
      ],
    },
    {
      name: 'defaultStatus',
      type: 'select',
      required: true,
      defaultValue: 'partial',
      options: statusOptions,
      admin: { description: 'The status of an alert whose severity is missing or not in the table.' },
    },
    {
      name: 'defaultServices',
      type: 'relationship',
      relationTo: 'services',
      hasMany: true,
      admin: { description: 'For events that name no known service.' },
    },
    {
      name: 'notifySubscribers',
      type: 'checkbox',
      defaultValue: true,
      admin: { description: 'Off: incidents this integration opens notify nobody until a person edits them.' },
    },
    {
      name: 'incidentTitle',
      label: 'Title of the incidents it opens',
      type: 'text',
      maxLength: MAX_TITLE,
      defaultValue: DEFAULT_TITLE_TEMPLATE,
      // Not `required`, like the messages: an integration without one titles its incidents with the default.
      validate: (value: unknown) => {
        if (value === null || value === undefined) return true
        const problem = templateProblem(typeof value === 'string' ? value : '')
        return problem ? `The incident title ${problem}` : true
      },
      admin: {
        description: `Shown on the public page and as the subject of subscribers' e-mails. ${PLACEHOLDER_HELP}`,
      },
    },
    messageField(
      'openingMessage',
      'opening',
      'Message when an alert opens an incident',
      'The first update of an incident this integration opens, and of one it reopens.',
    ),
    messageField(
      'updateMessage',
      'update',
      'Message when the alerts change',
      'An update when other alerts fire, or some recover.',
    ),
    messageField(
      'resolvedMessage',
      'resolved',
      'Message when every alert resolved',
      'The update that resolves the incident.',
    ),
    {
      name: 'events',
      type: 'join',
      collection: 'integration-events',
      on: 'integration',
      defaultSort: '-createdAt',
      defaultLimit: 20,
      admin: { defaultColumns: ['createdAt', 'outcome', 'summary', 'incident'] },
    },
  ],
}
