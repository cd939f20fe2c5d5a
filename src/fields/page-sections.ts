import type { Field } from 'payload'

import { type RequestLanguage, requestT } from '@/i18n/admin-translations'

/**
 * What a page shows (src/domain/pages.ts): its headings, each a service group with the services listed under it, or
 * the group's own services when none are listed. A service may sit on several pages, under a different group on
 * each. On the site's settings (the default page), no section means every service, grouped as the services say.
 */
export function pageSectionsField(description: string): Field {
  return {
    name: 'sections',
    label: 'Services shown',
    type: 'array',
    maxRows: 200,
    admin: { description },
    fields: [
      {
        name: 'group',
        label: 'Heading (service group)',
        type: 'relationship',
        relationTo: 'service-groups',
        // Not `required`: that makes the column NOT NULL, and deleting a group a page shows would then fail on its
        // foreign key's SET NULL. A section whose group is gone is left out (src/settings/pages.ts).
        validate: (value: unknown, { req }: { req: RequestLanguage }) =>
          value == null || value === '' ? requestT(req)('admin.check.page.headingGroup') : true,
      },
      {
        name: 'services',
        type: 'relationship',
        relationTo: 'services',
        hasMany: true,
        admin: { description: "None: the group's own services." },
      },
    ],
  }
}
