import type { Field } from 'payload'

import { type RequestLanguage, requestT } from '@/i18n/admin-translations'

/** The public base URL of a page's links (the settings' for the default page, each page's own for the others). */
export function publicUrlField(description: string): Field {
  return {
    name: 'publicUrl',
    label: 'Public base URL',
    type: 'text',
    maxLength: 500,
    admin: { description },
    validate: (value: unknown, { req }: { req: RequestLanguage }) => {
      if (value == null || value === '') return true
      try {
        const url = new URL(String(value))
        return ['http:', 'https:'].includes(url.protocol) || requestT(req)('admin.check.publicUrl.scheme')
      } catch {
        return requestT(req)('admin.check.publicUrl.invalid')
      }
    },
  }
}
