import type { CollectionSlug, Field } from 'payload'

import { nobody } from '@/access/roles'
import { uniqueShortId } from '@/domain/short-id'

/** The public id used in paths: generated once on create, unique, never written through the API. */
export function shortIdField(collection: CollectionSlug): Field {
  return {
    name: 'shortId',
    type: 'text',
    unique: true,
    index: true,
    access: { create: nobody, update: nobody },
    admin: { readOnly: true, position: 'sidebar', description: 'Public id, used in page addresses and /api/v1.' },
    hooks: {
      beforeChange: [
        async ({ operation, value, req, originalDoc }) => {
          if (operation !== 'create') return originalDoc?.shortId ?? value
          return uniqueShortId(async (candidate) => {
            const { totalDocs } = await req.payload.count({
              collection,
              where: { shortId: { equals: candidate } },
              req,
            })
            return totalDocs > 0
          })
        },
      ],
    },
  }
}
