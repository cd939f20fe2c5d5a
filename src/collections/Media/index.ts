import type { CollectionConfig } from 'payload'

import { admins, anyone } from '@/access/roles'
import { invalidatePublicCache } from '@/hooks/invalidate-public-cache'

/** Logos and favicons. Raster only: an SVG can carry script, and these files are served to every visitor. */
export const Media: CollectionConfig = {
  slug: 'media',
  access: { read: anyone, create: admins, update: admins, delete: admins },
  hooks: invalidatePublicCache,
  admin: { group: 'Settings' },
  upload: {
    staticDir: 'data/media',
    mimeTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/x-icon', 'image/vnd.microsoft.icon'],
  },
  fields: [{ name: 'alt', type: 'text', maxLength: 300 }],
}
