import type { CollectionConfig } from 'payload'

import { withoutPrivatePages } from '@/access/private-pages'
import { pageServicesUpdate, unlimitedEditors } from '@/access/page-editors'
import { admins, anyone } from '@/access/roles'
import { SERVICE_STATUS_LABELS, SERVICE_STATUSES } from '@/domain/statuses'
import { importedFromField } from '@/fields/imported-from'
import { optionsFrom } from '@/fields/options'
import { slugField } from '@/fields/slug'
import { invalidateServiceList } from '@/hooks/invalidate-public-cache'
import { lockStatusWrite } from '@/services/service-status/lock-status-write'
import { recordStatusChange } from '@/services/service-status/record-status-change'

import { keepListedService } from './hooks/keep-listed-service'
import { localizedTextRule } from '@/fields/localized'

export const Services: CollectionConfig = {
  slug: 'services',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'status', 'group', 'displayOrder'], group: 'Status' },
  defaultSort: 'displayOrder',
  access: {
    read: withoutPrivatePages('services', anyone),
    create: unlimitedEditors,
    update: pageServicesUpdate,
    delete: admins,
  },
  // Every status write, whatever path it came by, takes the service's status lock and writes its history row here
  // (src/services/service-status/change.ts).
  hooks: {
    beforeDelete: [keepListedService],
    beforeChange: [lockStatusWrite],
    afterChange: [...invalidateServiceList.afterChange, recordStatusChange],
    afterDelete: invalidateServiceList.afterDelete,
  },
  fields: [
    { name: 'name', type: 'text', required: true, localized: true, maxLength: 200, validate: localizedTextRule },
    slugField('name'),
    { name: 'description', type: 'textarea', localized: true, maxLength: 2000 },
    { name: 'group', type: 'relationship', relationTo: 'service-groups', required: true, index: true },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'operational',
      index: true,
      options: optionsFrom(SERVICE_STATUSES, SERVICE_STATUS_LABELS),
    },
    { name: 'displayOrder', type: 'number', defaultValue: 0, admin: { position: 'sidebar', step: 1 } },
    importedFromField,
  ],
}
