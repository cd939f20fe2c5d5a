import { type CollectionBeforeChangeHook, ValidationError } from 'payload'

import { CHANNEL_RULES } from '@/domain/channels'
import { pageKeyOf } from '@/domain/pages'
import { relationId } from '@/db/relation-id'
import { requestT } from '@/i18n/admin-translations'

import { incidentKeyOf } from './page-key'

/**
 * One subscription per address and page (docs/pages.md), and per incident it follows, refused as a 400 naming the address field, as a unique
 * field is. The unique index of the address and page_key stays the guard for two writes at once; its own error
 * names both columns on PostgreSQL.
 */
export const onePerAddressAndPage: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const type = (data.type ?? originalDoc?.type) as keyof typeof CHANNEL_RULES | undefined
  const field = type && Object.hasOwn(CHANNEL_RULES, type) ? CHANNEL_RULES[type].addressField : null
  const address = field ? (data[field] ?? originalDoc?.[field]) : null
  if (!field || typeof address !== 'string' || address === '') return data
  const page = 'page' in data ? data.page : originalDoc?.page
  const { totalDocs } = await req.payload.count({
    collection: 'subscribers',
    where: {
      and: [
        { [field]: { equals: address } },
        { pageKey: { equals: pageKeyOf(relationId(page)) } },
        { incidentKey: { equals: incidentKeyOf(data, originalDoc) } },
        ...(originalDoc?.id ? [{ id: { not_equals: originalDoc.id } }] : []),
      ],
    },
    overrideAccess: true,
    req,
  })
  if (totalDocs > 0)
    throw new ValidationError(
      {
        collection: 'subscribers',
        errors: [{ path: field, message: requestT(req)('admin.check.subscriber.follows', { field }) }],
      },
      req.t,
    )
  return data
}
