import type { Field } from 'payload'

/** The public base URL of a page's links (the settings' for the default page, each page's own for the others). */
export function publicUrlField(description: string): Field {
  return {
    name: 'publicUrl',
    label: 'Public base URL',
    type: 'text',
    maxLength: 500,
    admin: { description },
    validate: (value: unknown) => {
      if (value == null || value === '') return true
      try {
        const url = new URL(String(value))
        return ['http:', 'https:'].includes(url.protocol) || 'publicUrl must start with http:// or https://'
      } catch {
        return 'publicUrl must be an absolute URL such as https://status.example.com'
      }
    },
  }
}
