import type { Field } from 'payload'

import { nobody } from '@/access/roles'

/**
 * The id a record had on the status page it was imported from (`statuspage:<id>`, docs/import.md): a second import
 * finds it by this and changes nothing. Only the importer writes it (the Local API overrides field access).
 */
export const importedFromField: Field = {
  name: 'importedFrom',
  type: 'text',
  index: true,
  access: { create: nobody, update: nobody },
  admin: {
    readOnly: true,
    position: 'sidebar',
    condition: (data) => Boolean(data?.importedFrom),
    description: 'The id it had on the status page it was imported from.',
  },
}
