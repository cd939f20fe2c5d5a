import type { CollectionConfig } from 'payload'

import { admins, isAdmin, nobody } from '@/access/roles'
import { exportAuditCsvEndpoint } from '@/audit/export-csv'
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_ACTOR_TYPE_LABELS, AUDIT_ACTOR_TYPES } from '@/domain/audit'
import { optionsFrom } from '@/fields/options'

const readOnly = { readOnly: true }
const denied = () => false

/**
 * Who changed what, when and from where (docs/security.md, "Audit log"). Written by the hooks every audited
 * collection and global gets (src/audit/hooks.ts), one INSERT in the write's own transaction; nobody writes,
 * changes or deletes an entry through any API, administrators included. Only the retention prune removes entries.
 */
export const AuditLog: CollectionConfig = {
  slug: 'audit-log',
  labels: { singular: 'Audit entry', plural: 'Audit log' },
  admin: {
    useAsTitle: 'action',
    defaultColumns: ['createdAt', 'actor', 'actorType', 'action', 'collection', 'documentId', 'address'],
    listSearchableFields: ['actor', 'collection', 'address'],
    group: 'Settings',
    hidden: ({ user }) => !isAdmin(user as never),
    description: 'Every change, sign-in and sign-out, kept for AUDIT_RETENTION_DAYS days. Read-only.',
  },
  defaultSort: '-createdAt',
  // Nobody edits an entry, so nothing to lock; opening one writes no lock row.
  lockDocuments: false,
  access: { read: admins, create: denied, update: denied, delete: denied },
  endpoints: [exportAuditCsvEndpoint],
  fields: [
    {
      name: 'actorType',
      label: 'Who (kind)',
      type: 'select',
      required: true,
      index: true,
      options: optionsFrom(AUDIT_ACTOR_TYPES, AUDIT_ACTOR_TYPE_LABELS),
      access: { create: nobody, update: nobody },
      admin: readOnly,
    },
    {
      // The user's e-mail address, the integration's name or the job's name; for a failed sign-in, the address typed.
      name: 'actor',
      label: 'Who',
      type: 'text',
      required: true,
      index: true,
      access: { create: nobody, update: nobody },
      admin: readOnly,
    },
    // A number rather than a relationship: deleting the user changes nothing here.
    { name: 'userId', label: 'User id', type: 'number', index: true, admin: readOnly },
    { name: 'address', label: 'From address', type: 'text', admin: readOnly },
    {
      name: 'action',
      type: 'select',
      required: true,
      index: true,
      options: optionsFrom(AUDIT_ACTIONS, AUDIT_ACTION_LABELS),
      admin: readOnly,
    },
    { name: 'collection', label: 'Collection or global', type: 'text', required: true, index: true, admin: readOnly },
    { name: 'documentId', label: 'Document id', type: 'number', index: true, admin: readOnly },
    {
      // { field: { before, after } }; secrets as "[redacted]" (src/domain/audit.ts).
      name: 'changes',
      type: 'json',
      admin: { ...readOnly, description: 'The fields the write changed, with their values before and after.' },
    },
  ],
}
