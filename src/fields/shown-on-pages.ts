import type { SingleRelationshipField } from 'payload'

/**
 * The pages an incident or maintenance shows on besides those of its services (src/domain/pages.ts): one without
 * services names the pages it belongs to.
 */
export const shownOnPagesField: SingleRelationshipField = {
  name: 'pages',
  label: 'Also on pages',
  type: 'relationship',
  relationTo: 'pages',
  hasMany: true,
  admin: {
    description:
      'It shows on every page that shows one of its services, and on these. With neither, it shows on the default page only.',
  },
}
