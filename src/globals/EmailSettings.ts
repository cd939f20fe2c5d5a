import type { GlobalConfig } from 'payload'

import { admins } from '@/access/roles'
import { invalidateAfterGlobalChange } from '@/hooks/invalidate-public-cache'
import { secretField } from '@/fields/secret'
import { testMessageEndpoint } from '@/notify/test-message'

export const EmailSettings: GlobalConfig = {
  slug: 'email-settings',
  label: 'E-mail settings',
  admin: { group: 'Settings', description: 'SMTP_URL in the environment, when set, overrides these.' },
  access: { read: admins, update: admins },
  // Whether a channel can send shows on every public page (the header's Subscribe link, src/site/page-shell.ts).
  hooks: { afterChange: [invalidateAfterGlobalChange] },
  endpoints: [testMessageEndpoint('email')],
  fields: [
    { name: 'host', type: 'text', maxLength: 255 },
    { name: 'port', type: 'number', defaultValue: 587, min: 1, max: 65535 },
    {
      name: 'security',
      type: 'select',
      defaultValue: 'starttls',
      options: [
        { value: 'none', label: 'None' },
        { value: 'starttls', label: 'STARTTLS' },
        { value: 'tls', label: 'TLS' },
      ],
    },
    { name: 'user', type: 'text', maxLength: 255 },
    secretField('password', 'Password'),
    { name: 'from', type: 'text', maxLength: 255 },
    { name: 'replyTo', type: 'text', maxLength: 255 },
    { name: 'sendTest', type: 'ui', admin: { components: { Field: '/components/SendTestMessage#SendTestEmail' } } },
  ],
}
