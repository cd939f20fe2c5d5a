import { ValidationError, type Field, type FieldHook, type Validate } from 'payload'
import { code, email, richText, select, text, textarea } from 'payload/shared'

import { richTextShapeError } from '@/domain/rich-text-shape'
import { controlCharacterError } from '@/domain/text'

/** Most rows an array field (an incident's updates) takes; far more would exceed the database's parameter limit (a 500). */
export const MAX_ARRAY_ROWS = 500

type TextLike = Extract<Field, { type: 'text' | 'textarea' | 'email' | 'code' }>
type SelectField = Extract<Field, { type: 'select' }>
type RichTextField = Extract<Field, { type: 'richText' }>

const DEFAULT_VALIDATORS = { text, textarea, email, code } as Record<TextLike['type'], Validate>

const labelOf = (path: (string | number)[] | undefined, name: string) => (path?.length ? path.join('.') : name)

/** The character rule (src/domain/text.ts) first, then the field's own validation. */
function refusingControlCharacters(field: TextLike): Validate {
  const base = (field.validate ?? DEFAULT_VALIDATORS[field.type]) as Validate
  return (value, options) => {
    const label = labelOf(options.path, field.name)
    for (const item of Array.isArray(value) ? value : [value]) {
      const refused = controlCharacterError(label, item)
      if (refused) return refused
    }
    return base(value, options)
  }
}

/** A single-choice select given a list would reach the database and fail as a 500; said plainly here. */
function refusingLists(field: SelectField): Validate {
  const base = (field.validate ?? select) as Validate
  return (value, options) => {
    if (!field.hasMany && Array.isArray(value))
      return `${labelOf(options.path, field.name)} takes one value, not a list`
    return base(value, options)
  }
}

/** Rich text of the wrong shape is refused before the editor's own validation walks it. */
function checkingRichTextShape(field: RichTextField): Validate {
  const base = (field.validate ?? richText) as Validate
  return (value, options) => richTextShapeError(labelOf(options.path, field.name), value) ?? base(value, options)
}

/**
 * The editor's own hooks walk rich text before any validation runs (and threw on `children: "x"`, a 500), so the
 * shape is checked in a field hook that runs before them, and refused as a validation error naming the field.
 */
const refusingMalformedRichText = refusingInHook('richText', (label, value) => richTextShapeError(label, value))

/**
 * Payload drops array rows that are not objects without a word (`services: [5]` was stored as no services, and
 * `updates: [5]` read as "requires at least 1 row"), so a list of scalars, or a value that is no list at all, is
 * refused here naming the field, before Payload walks the rows.
 */
const refusingRowsThatAreNotObjects = refusingInHook('array', (label, value) => {
  if (value === undefined || value === null) return null
  if (!Array.isArray(value)) return `${label} takes a list of rows, e.g. [{…}]`
  return value.some((row) => row === null || typeof row !== 'object' || Array.isArray(row))
    ? `${label} takes a list of rows, each an object of the row's fields`
    : null
})

/** A field hook that refuses a value as a validation error naming the field (hooks run before Payload's validation). */
function refusingInHook(fallbackName: string, refusalOf: (label: string, value: unknown) => string | null): FieldHook {
  return ({ value, path, collection, global, field }) => {
    const label = labelOf(path, ('name' in field && field.name) || fallbackName)
    const refusal = refusalOf(label, value)
    if (refusal)
      throw new ValidationError({
        collection: collection?.slug,
        global: global?.slug,
        errors: [{ message: refusal, path: label }],
      })
    return value
  }
}

/**
 * Every collection's and global's fields, at any nesting, with the rules every client write obeys: no control
 * characters in text, rich text of the right shape, one value for a single select, arrays of at most MAX_ARRAY_ROWS
 * rows that are objects.
 * Applied once to the whole config (src/cms-api/request-guards.ts), so a field added later cannot forget them.
 */
export function withInputRules(fields: Field[]): Field[] {
  return fields.map((field): Field => {
    switch (field.type) {
      case 'text':
      case 'textarea':
      case 'email':
      case 'code':
        return { ...field, validate: refusingControlCharacters(field) } as Field
      case 'select':
        return { ...field, validate: refusingLists(field) } as Field
      case 'richText':
        return {
          ...field,
          validate: checkingRichTextShape(field),
          hooks: {
            ...field.hooks,
            beforeValidate: [refusingMalformedRichText, ...(field.hooks?.beforeValidate ?? [])],
          },
        } as Field
      case 'array':
        return {
          ...field,
          maxRows: field.maxRows ?? MAX_ARRAY_ROWS,
          fields: withInputRules(field.fields),
          hooks: {
            ...field.hooks,
            beforeValidate: [refusingRowsThatAreNotObjects, ...(field.hooks?.beforeValidate ?? [])],
          },
        }
      case 'tabs':
        return { ...field, tabs: field.tabs.map((tab) => ({ ...tab, fields: withInputRules(tab.fields) })) }
      case 'blocks':
        return {
          ...field,
          blocks: (field.blocks ?? []).map((block) => ({ ...block, fields: withInputRules(block.fields) })),
        }
      default:
        if ('fields' in field && Array.isArray(field.fields))
          return { ...field, fields: withInputRules(field.fields) } as Field
        return field
    }
  })
}
