import type { CollectionBeforeChangeHook } from 'payload'

import { hashIntegrationToken, newIntegrationToken } from '@/domain/integration-token'
import type { Integration } from '@/payload-types'

/** A token is generated on create; only its hash is stored. */
export const issueToken: CollectionBeforeChangeHook<Integration> = ({ data, operation, req }) => {
  if (operation !== 'create') return data
  const token = newIntegrationToken()
  data.tokenHash = hashIntegrationToken(token)
  // Handed to showTokenOnce (afterChange), which returns it once.
  req.context.integrationNewToken = token
  return data
}
