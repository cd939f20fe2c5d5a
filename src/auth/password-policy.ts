/**
 * Passwords of at least 12 characters (finding L6), on every way one is set: create (REST, GraphQL, the admin's
 * first-user form, the create-user CLI), update and reset. Payload's own check stops at 3.
 */
import { type CollectionBeforeOperationHook, ValidationError } from 'payload'

export const MIN_PASSWORD_LENGTH = 12
export const PASSWORD_TOO_SHORT = `Passwords must be at least ${MIN_PASSWORD_LENGTH} characters long.`

const SETS_PASSWORD = new Set(['create', 'update', 'updateByID', 'resetPassword'])

export const requireLongPasswords: CollectionBeforeOperationHook = ({ args, collection, operation }) => {
  if (!SETS_PASSWORD.has(operation)) return args
  const password = (args as { data?: { password?: unknown } }).data?.password
  // Absent or empty: no change (update), or Payload's own "required" (create, reset).
  if (typeof password !== 'string' || password === '') return args
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw new ValidationError({ collection: collection.slug, errors: [{ message: PASSWORD_TOO_SHORT, path: 'password' }] })
  }
  return args
}
