import type { CollectionConfig } from 'payload'

import { admins, nobody } from '@/access/roles'
import { ACCESS_LINK_KIND_LABELS, ACCESS_LINK_KINDS } from '@/domain/access-link'
import { optionsFrom } from '@/fields/options'
import { invalidatePublicCache } from '@/hooks/invalidate-public-cache'

import { checkLink } from './hooks/check-link'
import { issueLinkToken } from './hooks/issue-link-token'
import { showLinkOnce } from './hooks/show-link-once'
import { newLinkTokenEndpoint } from './new-token-endpoint'

/**
 * Share links and feed tokens of private pages (docs/private-pages.md; the rules in src/domain/access-link.ts).
 * A link works while its record exists, is not revoked and has not expired: the gate reads them with the pages, once
 * per data version, so its writes bump the version like a page's.
 */
export const AccessLinks: CollectionConfig = {
  slug: 'access-links',
  labels: { singular: 'Access link', plural: 'Access links' },
  admin: {
    useAsTitle: 'label',
    defaultColumns: ['label', 'page', 'kind', 'expiresAt', 'revoked'],
    group: 'Settings',
    description:
      'Links that let one reader into a private page, or its feeds and calendar, without a password. Delete one (or revoke it) to shut that reader out.',
  },
  access: { read: admins, create: admins, update: admins, delete: admins },
  endpoints: [newLinkTokenEndpoint],
  hooks: {
    ...invalidatePublicCache,
    beforeValidate: [checkLink],
    beforeChange: [issueLinkToken],
    afterChange: [...invalidatePublicCache.afterChange, showLinkOnce],
  },
  fields: [
    {
      name: 'label',
      type: 'text',
      required: true,
      maxLength: 200,
      admin: { description: 'Who it is for (a person, a customer, a feed reader).' },
    },
    {
      name: 'page',
      type: 'relationship',
      relationTo: 'pages',
      // A link names one page for good: handed out for one page, it must never open another.
      access: { update: nobody },
      admin: { description: 'Empty: the default page (when it is private, in the Settings).' },
    },
    {
      name: 'kind',
      type: 'select',
      required: true,
      defaultValue: 'share',
      options: optionsFrom(ACCESS_LINK_KINDS, ACCESS_LINK_KIND_LABELS),
      access: { update: nobody },
    },
    {
      name: 'expiresAt',
      label: 'Expires',
      type: 'date',
      admin: {
        date: { pickerAppearance: 'dayAndTime' },
        description: 'Required for a share link; a feed token without one works until deleted.',
      },
    },
    {
      name: 'revoked',
      type: 'checkbox',
      defaultValue: false,
      admin: { description: 'Stops the link at once, and signs out whoever it let in.' },
    },
    {
      name: 'tokenHash',
      type: 'text',
      hidden: true,
      unique: true,
      access: { create: nobody, update: nobody },
    },
    {
      name: 'address',
      type: 'ui',
      admin: { components: { Field: '/components/AccessLinkField#AccessLinkField' } },
    },
  ],
}
