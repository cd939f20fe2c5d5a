/**
 * The first administrator's setup code (src/domain/setup-code.ts) on the way in: the admin's first-user form and
 * REST `POST /api/users/first-register` must give it; the server prints it at start while there is no user. An
 * administrator made by ADMIN_EMAIL or `npm run create-user` (the Local API, run by whoever has the machine) needs none.
 */
import { type CollectionBeforeOperationHook, type Payload, ValidationError } from 'payload'

import { SETUP_CODE_FIELD, setupCodeFor, setupCodeProblem } from '@/domain/setup-code'

/**
 * Payload's first-register creates the account with access overridden, from a request without a user; nothing else
 * outside the Local API does (any other create is checked against the `admins` rule).
 */
export const requireSetupCode: CollectionBeforeOperationHook = ({ args, collection, operation, req }) => {
  if (operation !== 'create' || req.payloadAPI === 'local' || req.user) return args
  const { data, overrideAccess } = args as { data?: Record<string, unknown>; overrideAccess?: boolean }
  if (!overrideAccess) return args
  const problem = setupCodeProblem(data?.[SETUP_CODE_FIELD], req.payload.secret)
  if (problem)
    throw new ValidationError({ collection: collection.slug, errors: [{ message: problem, path: SETUP_CODE_FIELD }] })
  return args
}

/** At start, while nobody has an account: the code, where the operator who started the server reads it. */
export async function announceSetupCode(payload: Payload): Promise<void> {
  const { totalDocs } = await payload.count({ collection: 'users', overrideAccess: true })
  if (totalDocs > 0) return
  payload.logger.info(
    `No user yet. Setup code for the first administrator: ${setupCodeFor(payload.secret)} (asked on /admin's first-user screen and by POST /api/users/first-register; not needed for ADMIN_EMAIL or npm run create-user)`,
  )
}
