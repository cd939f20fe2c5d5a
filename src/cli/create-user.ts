import { randomBytes, randomUUID } from 'node:crypto'

import type { Payload } from 'payload'

import { isEmailAddress } from '@/domain/contact'
import { passwordProblem } from '@/domain/password-policy'
import { isOneOf, USER_ROLES, type UserRole } from '@/domain/statuses'

export interface CreatedUser {
  id: number | string
  email: string
  role: UserRole
  apiKey: string
  password: string
}

export class UsageError extends Error {}

export interface CreateUserInput {
  email?: string
  role?: string
  password?: string
}

/**
 * The command's arguments checked, before anything connects: a typo is told in a moment, not after Payload and the
 * database have started. Throws UsageError.
 */
export function checkedInput(input: CreateUserInput): { email: string; role: UserRole; password?: string } {
  const email = input.email?.trim().toLowerCase()
  if (!email || !isEmailAddress(email)) throw new UsageError('an e-mail address is required')
  const role = input.role ?? 'editor'
  if (!isOneOf(USER_ROLES, role)) throw new UsageError(`role must be one of ${USER_ROLES.join(', ')}`)
  const problem = input.password ? passwordProblem(input.password) : null
  if (problem) throw new UsageError(problem)
  return { email, role, password: input.password || undefined }
}

/**
 * For scripts and CI: a user with a role and a fresh API key, without the admin area. The password is random
 * unless given; the key is what automation uses.
 */
export async function createUserWithKey(payload: Payload, input: CreateUserInput): Promise<CreatedUser> {
  const { email, role, password: given } = checkedInput(input)
  const password = given ?? randomBytes(18).toString('base64url')
  const apiKey = randomUUID()
  const user = await payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { email, password, role, enableAPIKey: true, apiKey },
  })
  // The role stored, not the one asked for: the first account of a site is always an administrator.
  return { id: user.id, email, role: user.role as UserRole, apiKey, password }
}
