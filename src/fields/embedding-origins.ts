import type { Field } from 'payload'

import { normalOrigin, originProblem } from '@/domain/embedding'

/**
 * The sites that may frame a page's compact view, `/embed` (docs/widget.md; the rule in src/domain/embedding.ts). The
 * same field on the settings (the default page) and on each page.
 */
export const embeddingOriginsField: Field = {
  name: 'embeddingOrigins',
  label: 'Embedding origins',
  type: 'array',
  maxRows: 50,
  admin: {
    description:
      'The sites that may show this page’s compact view (/embed) in an iframe, each as an origin such as https://app.example.com. None: only this page’s own origin. The script widget (/embed.js) needs none.',
  },
  fields: [
    {
      name: 'origin',
      type: 'text',
      required: true,
      maxLength: 300,
      hooks: { beforeValidate: [({ value }) => (typeof value === 'string' ? normalOrigin(value) : value)] },
      validate: (value: unknown) => (typeof value === 'string' ? (originProblem(value) ?? true) : 'origin is required'),
    },
  ],
}
