/**
 * Passwords of at least 12 characters (src/domain/password-policy.ts), on every way one is set: create
 * (REST, GraphQL, the admin's first-user form, the create-user CLI), update and reset. Payload's own check stops
 * at 3.
 */
import { type CollectionBeforeOperationHook, ValidationError } from 'payload'

import { MIN_PASSWORD_LENGTH, passwordProblem } from '@/domain/password-policy'
import { requestT } from '@/i18n/admin-translations'

const SETS_PASSWORD = new Set(['create', 'update', 'updateByID', 'resetPassword'])

export const requireLongPasswords: CollectionBeforeOperationHook = ({ args, collection, operation, req }) => {
  if (!SETS_PASSWORD.has(operation)) return args
  const password = (args as { data?: { password?: unknown } }).data?.password
  // Absent or empty: no change (update), or Payload's own "required" (create, reset).
  if (typeof password !== 'string' || password === '') return args
  // The rule has one refusal (too short), said in the operator's words.
  if (passwordProblem(password)) {
    const message = requestT(req)('admin.check.user.passwordShort', { min: MIN_PASSWORD_LENGTH })
    throw new ValidationError({ collection: collection.slug, errors: [{ message, path: 'password' }] }, req.t)
  }
  return args
}
