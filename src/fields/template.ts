import { type CollectionBeforeOperationHook, type Field, ValidationError } from 'payload'

import { isRecordId } from '@/cms-api/list-params'

type TemplateSlug = 'incident-templates' | 'maintenance-templates'

/**
 * `template: <id>` on create: the record starts from that template (a field the body gives wins). Virtual: it is
 * read by the hook below and never stored. In the admin's create form it is the "Start from a template" picker
 * (src/components/StartFromTemplate.tsx), which fills the form without saving.
 */
export function templateField(relationTo: TemplateSlug): Field {
  return {
    name: 'template',
    type: 'relationship',
    relationTo,
    virtual: true,
    label: 'Start from a template',
    admin: {
      position: 'sidebar',
      condition: (data) => !data?.id,
      description: 'Fills the form from the template; nothing is saved until you save.',
      components: { Field: { path: '/components/StartFromTemplate#StartFromTemplate', clientProps: { relationTo } } },
    },
  }
}

/**
 * Loads the named template with the writer's access and hands it to `merge`, which the domain defines. Before the
 * operation, so that field defaults (a checkbox's false) do not count as given by the body.
 */
export function startFromTemplate<T>(
  relationTo: TemplateSlug,
  merge: (template: T, body: Record<string, unknown>) => Record<string, unknown>,
): CollectionBeforeOperationHook {
  return async ({ args, operation, req, collection }) => {
    const data = (args as { data?: Record<string, unknown> }).data
    if (operation !== 'create' || !data || data.template == null || data.template === '') return args
    const what = relationTo.replace(/s$/, '').replace('-', ' ')
    const refuse = (message: string) =>
      new ValidationError({ collection: collection.slug, errors: [{ path: 'template', message }] })
    // Only an id names a template: anything else reached the lookup as `undefined` (a 500) or as an id no record
    // can have (a 404 for the whole request).
    const id = data.template
    if (!isRecordId(id)) throw refuse(`template must be the id of a template (a whole number from 1)`)
    const template = await req.payload.findByID({
      collection: relationTo,
      id: Number(id),
      req,
      depth: 0,
      overrideAccess: false,
      disableErrors: true,
    })
    if (!template) throw refuse(`No ${what} with id ${String(id)}`)
    const { template: _template, ...body } = data
    return { ...args, data: merge(template as T, body) }
  }
}
