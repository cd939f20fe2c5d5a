/**
 * A reset-password request with an unknown or expired token is bad input (400), not a missing login: Payload
 * answers 403, which the API turns into 401 for a caller without a session.
 */
import type { CollectionBeforeOperationHook } from 'payload'

import { BadRequest } from '@/errors'

export const INVALID_RESET_TOKEN = 'The password reset token is invalid or has expired: request a new one.'

export const refuseUnknownResetTokens: CollectionBeforeOperationHook = async ({ args, collection, operation, req }) => {
  if (operation !== 'resetPassword') return args
  const token = (args as { data?: { token?: unknown } }).data?.token
  const user =
    typeof token === 'string' && token !== ''
      ? await req.payload.db.findOne({
          collection: collection.slug,
          where: {
            and: [
              { resetPasswordToken: { equals: token } },
              { resetPasswordExpiration: { greater_than: new Date().toISOString() } },
            ],
          },
          req,
        })
      : null
  if (!user) throw new BadRequest(INVALID_RESET_TOKEN)
  return args
}
