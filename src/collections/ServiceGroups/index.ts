import type { CollectionConfig } from 'payload'

import { withoutPrivatePages } from '@/access/private-pages'
import { unlimitedEditors } from '@/access/page-editors'
import { admins, anyone } from '@/access/roles'
import { importedFromField } from '@/fields/imported-from'
import { slugField } from '@/fields/slug'
import { invalidateServiceList } from '@/hooks/invalidate-public-cache'
import { localizedTextRule } from '@/fields/localized'

export const ServiceGroups: CollectionConfig = {
  slug: 'service-groups',
  labels: { singular: 'Service group', plural: 'Service groups' },
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'slug', 'displayOrder'], group: 'Status' },
  defaultSort: 'displayOrder',
  access: {
    read: withoutPrivatePages('groups', anyone),
    create: unlimitedEditors,
    update: unlimitedEditors,
    delete: admins,
  },
  hooks: invalidateServiceList,
  fields: [
    { name: 'name', type: 'text', required: true, localized: true, maxLength: 200, validate: localizedTextRule },
    slugField('name'),
    { name: 'description', type: 'textarea', localized: true, maxLength: 2000 },
    { name: 'displayOrder', type: 'number', defaultValue: 0, admin: { position: 'sidebar', step: 1 } },
    importedFromField,
  ],
}
