import type { Field, PayloadRequest, Validate } from 'payload'
import { relationship as relationshipValidation, upload as uploadValidation } from 'payload/shared'

import { missingRecordsMessage, relationshipIds } from './relationship-ids'

type RelationField = Extract<Field, { type: 'relationship' | 'upload' }>

async function missingIds(req: PayloadRequest, collection: string, ids: number[]): Promise<number[]> {
  if (!req.payload.collections[collection as never]) return ids
  const found = await req.payload.find({
    collection: collection as never,
    where: { id: { in: ids } },
    depth: 0,
    limit: ids.length,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const present = new Set(found.docs.map((doc) => Number((doc as { id: unknown }).id)))
  return ids.filter((id) => !present.has(id))
}

/**
 * A relationship's own validation, then: every id names an existing record. Without it an unknown id reached the
 * database's foreign key and came back as a 500. The admin form's keystroke checks (event onChange) skip the query.
 */
function relationshipExists(field: RelationField): Validate {
  const base = (field.validate ?? (field.type === 'upload' ? uploadValidation : relationshipValidation)) as Validate
  return async (value, options) => {
    const result = await base(value, options)
    if (result !== true || options.event === 'onChange' || !options.req?.payload) return result
    const name = options.path?.length ? options.path.join('.') : field.name
    const parsed = relationshipIds(name, value, { hasMany: field.hasMany === true, relationTo: field.relationTo })
    if ('error' in parsed) return parsed.error
    for (const [collection, ids] of parsed.ids) {
      const missing = await missingIds(options.req, collection, ids)
      if (missing.length) return missingRecordsMessage(name, collection, missing)
    }
    return true
  }
}

/** The fields, with every relationship and upload field (at any nesting) checked for existing ids. */
export function withRelationshipChecks(fields: Field[]): Field[] {
  return fields.map((field): Field => {
    if (field.type === 'relationship' || field.type === 'upload') {
      return { ...field, validate: relationshipExists(field) } as Field
    }
    if ('fields' in field && Array.isArray(field.fields))
      return { ...field, fields: withRelationshipChecks(field.fields) } as Field
    if (field.type === 'tabs')
      return { ...field, tabs: field.tabs.map((tab) => ({ ...tab, fields: withRelationshipChecks(tab.fields) })) }
    if (field.type === 'blocks' && field.blocks) {
      return {
        ...field,
        blocks: field.blocks.map((block) => ({ ...block, fields: withRelationshipChecks(block.fields) })),
      }
    }
    return field
  })
}
