import type { CollectionBeforeChangeHook } from 'payload'

import { hashAccessLinkToken, newAccessLinkToken } from '@/domain/access-link'
import type { AccessLink } from '@/payload-types'

/** A token is generated on create; only its hash is stored. */
export const issueLinkToken: CollectionBeforeChangeHook<AccessLink> = ({ data, operation, req }) => {
  if (operation !== 'create') return data
  const token = newAccessLinkToken()
  data.tokenHash = hashAccessLinkToken(token)
  // Handed to showLinkOnce (afterChange), which returns it once.
  req.context.accessLinkNewToken = token
  return data
}
