import type { GlobalConfig } from 'payload'

import { admins } from '@/access/roles'
import { invalidateAfterGlobalChange } from '@/hooks/invalidate-public-cache'
import { secretField } from '@/fields/secret'
import { testMessageEndpoint } from '@/notify/test-message'
import { urlProblem } from '@/net/outbound-url'

export const SmsSettings: GlobalConfig = {
  slug: 'sms-settings',
  label: 'SMS settings',
  admin: {
    group: 'Settings',
    description:
      'A Twilio-compatible HTTP API, at an https:// address on the public internet (OUTBOUND_ALLOW_HTTP and OUTBOUND_ALLOWED_NETWORKS in the README allow others).',
  },
  access: { read: admins, update: admins },
  // Whether a channel can send shows on every public page (the header's Subscribe link, src/site/page-shell.ts).
  hooks: { afterChange: [invalidateAfterGlobalChange] },
  endpoints: [testMessageEndpoint('sms')],
  fields: [
    { name: 'enabled', type: 'checkbox', defaultValue: false },
    {
      name: 'apiBaseUrl',
      type: 'text',
      defaultValue: 'https://api.twilio.com',
      maxLength: 500,
      // The scheme is checked on save; the address it resolves to when a message is sent (src/net/outbound-url.ts).
      validate: (value: null | string | undefined) => {
        if (!value?.trim()) return true
        const problem = urlProblem(value.trim())
        return problem ? `API base URL ${problem}` : true
      },
    },
    { name: 'accountSid', type: 'text', maxLength: 100 },
    secretField('authToken', 'Auth token'),
    { name: 'fromNumber', type: 'text', maxLength: 20 },
    { name: 'sendTest', type: 'ui', admin: { components: { Field: '/components/SendTestMessage#SendTestSms' } } },
  ],
}
