import type { CollectionAfterChangeHook } from 'payload'

import { relationId } from '@/db/relation-id'
import type { AccessLink } from '@/payload-types'

import { linkAddress } from '../link-address'

/**
 * The create response is the one place the token is shown (`doc.token`), with the address to hand out (`doc.link`);
 * no read returns either again.
 */
export const showLinkOnce: CollectionAfterChangeHook<AccessLink> = async ({ doc, operation, req }) => {
  const token = req.context.accessLinkNewToken
  if (operation !== 'create' || typeof token !== 'string') return doc
  delete req.context.accessLinkNewToken
  return { ...doc, token, link: await linkAddress(req, { pageId: relationId(doc.page), kind: doc.kind, token }) }
}
