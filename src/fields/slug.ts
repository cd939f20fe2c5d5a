import type { Field, FieldHook } from 'payload'

import { isSlug, toSlug } from '@/domain/slug'

const deriveSlug =
  (fromField: string): FieldHook =>
  ({ value, data, originalDoc }) => {
    if (typeof value === 'string' && value.trim() !== '') return value.trim()
    const source = data?.[fromField] ?? originalDoc?.[fromField]
    return typeof source === 'string' ? toSlug(source) : value
  }

/** A unique slug, derived from `fromField` when left empty, so operators may ignore it and URLs stay readable. */
export function slugField(fromField = 'name'): Field {
  return {
    name: 'slug',
    type: 'text',
    unique: true,
    index: true,
    admin: {
      position: 'sidebar',
      description: `Used in URLs and the public API. Derived from the ${fromField} when empty.`,
    },
    hooks: { beforeValidate: [deriveSlug(fromField)] },
    validate: (value: unknown) => {
      if (typeof value !== 'string' || value === '') return 'slug is required (or a name it can be derived from)'
      return (
        isSlug(value) || 'slug may contain only lower-case letters, digits and single hyphens (at most 96 characters)'
      )
    },
  }
}
