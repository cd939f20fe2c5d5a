import type { Field, FieldHook } from 'payload'

import { isSlug, toSlug } from '@/domain/slug'
import { type RequestLanguage, requestT } from '@/i18n/admin-translations'

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
    validate: (value: unknown, { req }: { req: RequestLanguage }) => {
      if (typeof value !== 'string' || value === '') return requestT(req)('admin.check.slug.required')
      return isSlug(value) || requestT(req)('admin.check.slug.invalid')
    },
  }
}
