import type { CollectionBeforeChangeHook } from 'payload'

import { hashIntegrationToken, newIntegrationToken } from '../../../domain/integration-token'
import type { Integration } from '../../../payload-types'

/** The new token, between beforeChange (which stores its hash) and afterChange (which returns it once). */
export const NEW_TOKEN = 'integrationNewToken'

/** A token is generated on create; only its hash is stored. */
export const issueToken: CollectionBeforeChangeHook<Integration> = ({ data, operation, req }) => {
  if (operation !== 'create') return data
  const token = newIntegrationToken()
  data.tokenHash = hashIntegrationToken(token)
  req.context[NEW_TOKEN] = token
  return data
}
