import type { Field } from 'payload'

import { isTimeZone } from '@/domain/time-zone'

/** An IANA time zone for the dates a page shows. */
export function timeZoneField(options: { defaultValue?: string; description?: string } = {}): Field {
  return {
    name: 'timeZone',
    type: 'text',
    defaultValue: options.defaultValue,
    admin: options.description ? { description: options.description } : undefined,
    validate: (value: unknown) =>
      value == null ||
      value === '' ||
      (typeof value === 'string' && isTimeZone(value)) ||
      'timeZone must be an IANA time zone such as Europe/Berlin',
  }
}
