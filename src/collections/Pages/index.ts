import type { CollectionConfig } from 'payload'

import { publicPagesOnly } from '@/access/private-pages'
import { admins } from '@/access/roles'
import { hostProblem, normalHost } from '@/domain/pages'
import { pageBrandingFields } from '@/fields/page-branding'
import { embeddingOriginsField } from '@/fields/embedding-origins'
import { languageField } from '@/fields/language'
import { noindexField } from '@/fields/noindex'
import { pageDisplayField } from '@/fields/page-display'
import { pageAccessField } from '@/fields/page-access'
import { pageSectionsField } from '@/fields/page-sections'
import { publicUrlField } from '@/fields/public-url'
import { slugField } from '@/fields/slug'
import { timeZoneField } from '@/fields/time-zone'
import { invalidatePublicCache } from '@/hooks/invalidate-public-cache'
import { inRequestLanguage, type RequestLanguage, requestT } from '@/i18n/admin-translations'
import { requireAWayIn } from '@/hooks/require-a-way-in'
import { withdrawWhenPrivate } from '@/hooks/withdraw-when-private'

import { dropAccessLinks } from './hooks/drop-access-links'
import { keepReferencedPage } from './hooks/keep-referenced-page'
import { refuseClaimedHosts } from './hooks/refuse-claimed-hosts'

/**
 * The status pages beside the default one (docs/pages.md; the rules in src/domain/pages.ts): each answers on its host
 * names and at /p/<slug>/ on any host, with its own name, branding, time zone and services.
 */
export const Pages: CollectionConfig = {
  slug: 'pages',
  labels: { singular: 'Page', plural: 'Pages' },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'slug', 'publicUrl'],
    group: 'Settings',
    description:
      'Status pages besides the default one (the Settings): one per product, brand or customer, each on its own host names.',
  },
  access: { read: publicPagesOnly, create: admins, update: admins, delete: admins },
  hooks: {
    ...invalidatePublicCache,
    afterChange: [...invalidatePublicCache.afterChange, withdrawWhenPrivate],
    beforeValidate: [refuseClaimedHosts, requireAWayIn],
    beforeDelete: [keepReferencedPage, dropAccessLinks],
  },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    slugField('name'),
    {
      name: 'viewPage',
      type: 'ui',
      admin: { position: 'sidebar', components: { Field: '/components/ViewPageLink#ViewPageLink' } },
    },
    {
      name: 'hosts',
      label: 'Host names',
      type: 'array',
      maxRows: 20,
      admin: {
        description:
          'The host names this page answers on, e.g. status.acme-pay.com (point their DNS at this service). Without any, the page answers at /p/<slug>/ only.',
      },
      fields: [
        {
          name: 'host',
          type: 'text',
          required: true,
          maxLength: 260,
          hooks: { beforeValidate: [({ value }) => (typeof value === 'string' ? normalHost(value) : value)] },
          validate: (value: unknown, { req }: { req: RequestLanguage }) => {
            if (typeof value !== 'string') return requestT(req)('admin.check.page.hostRequired')
            const problem = hostProblem(value)
            return problem ? inRequestLanguage(req, problem) : true
          },
        },
      ],
    },
    publicUrlField('e.g. https://status.acme-pay.com: the base of the links this page sends (feeds, API, e-mails).'),
    { name: 'description', type: 'textarea', maxLength: 2000 },
    {
      name: 'statusMessage',
      label: 'Custom status message',
      type: 'text',
      maxLength: 500,
      admin: { description: "Shown in this page's banner instead of the message derived from its services." },
    },
    timeZoneField({ description: "Empty: the default page's time zone." }),
    languageField,
    { name: 'logo', type: 'upload', relationTo: 'media', admin: { description: "Empty: the default page's logo." } },
    {
      name: 'favicon',
      type: 'upload',
      relationTo: 'media',
      admin: { description: "Empty: the default page's favicon." },
    },
    ...pageBrandingFields({ onPage: true }),
    pageSectionsField('The services this page shows, under which headings. None: no services.'),
    pageAccessField,
    noindexField,
    embeddingOriginsField,
    pageDisplayField,
  ],
}
