import type { Field } from 'payload'

import { isTimeZone } from '@/domain/time-zone'
import { type RequestLanguage, requestT } from '@/i18n/admin-translations'

/** An IANA time zone for the dates a page shows. */
export function timeZoneField(options: { defaultValue?: string; description?: string } = {}): Field {
  return {
    name: 'timeZone',
    type: 'text',
    defaultValue: options.defaultValue,
    admin: options.description ? { description: options.description } : undefined,
    validate: (value: unknown, { req }: { req: RequestLanguage }) =>
      value == null ||
      value === '' ||
      (typeof value === 'string' && isTimeZone(value)) ||
      requestT(req)('admin.check.timeZone.invalid'),
  }
}
