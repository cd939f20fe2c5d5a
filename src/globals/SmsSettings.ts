import type { GlobalConfig } from 'payload'

import { admins } from '../access/roles'
import { secretField } from '../fields/secret'

export const SmsSettings: GlobalConfig = {
  slug: 'sms-settings',
  label: 'SMS settings',
  admin: { group: 'Settings', description: 'A Twilio-compatible HTTP API.' },
  access: { read: admins, update: admins },
  fields: [
    { name: 'enabled', type: 'checkbox', defaultValue: false },
    { name: 'apiBaseUrl', type: 'text', defaultValue: 'https://api.twilio.com', maxLength: 500 },
    { name: 'accountSid', type: 'text', maxLength: 100 },
    secretField('authToken', 'Auth token'),
    { name: 'fromNumber', type: 'text', maxLength: 20 },
  ],
}
