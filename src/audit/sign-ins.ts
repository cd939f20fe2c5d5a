/**
 * Sign-ins, failed sign-ins and sign-outs in the audit log, for every way in (the admin's form and REST
 * `POST /api/users/login`, GraphQL's login mutation). A failed sign-in throws out of Payload's login operation,
 * which rolls its transaction back: its entry is written on its own, by the afterError hook that both transports
 * call, for an attempt that noteLoginAttempt saw begin and auditLogin did not see succeed.
 */
import type {
  AfterErrorHook,
  CollectionAfterLoginHook,
  CollectionAfterLogoutHook,
  CollectionBeforeOperationHook,
  PayloadRequest,
} from 'payload'

import { clientAddressOf } from './actor'
import { writeAuditEntry } from './record'

export const noteLoginAttempt: CollectionBeforeOperationHook = ({ args, collection, operation, req }) => {
  if (operation !== 'login') return args
  const email = (args as { data?: { email?: unknown } }).data?.email
  // On the request's context, which GraphQL's resolvers share with the request the afterError hook is given (they
  // pass the operation a proxy of it, so the request object itself is not the same one).
  if (typeof email === 'string' && email.trim() !== '')
    req.context.auditLoginAttempt = { collection: collection.slug, email }
  return args
}

const userActor = (req: PayloadRequest, user: { id?: unknown; email?: unknown }) => ({
  type: 'user' as const,
  name: typeof user.email === 'string' ? user.email : `user ${String(user.id)}`,
  userId: typeof user.id === 'number' ? user.id : null,
  address: clientAddressOf(req),
})

/** In the login's transaction: it commits with the session it starts. */
export const auditLogin: CollectionAfterLoginHook = async ({ collection, req, user }) => {
  delete req.context.auditLoginAttempt
  await writeAuditEntry(req, {
    action: 'login',
    collection: collection.slug,
    documentId: typeof user.id === 'number' ? user.id : null,
    actor: userActor(req, user),
  })
  return user
}

export const auditLogout: CollectionAfterLogoutHook = async ({ collection, req }) => {
  if (!req.user) return
  await writeAuditEntry(req, {
    action: 'logout',
    collection: collection.slug,
    documentId: typeof req.user.id === 'number' ? req.user.id : null,
    actor: userActor(req, req.user),
  })
}

/**
 * A login that ended in an error (a wrong password, an unknown address, the throttle's 429): one entry naming the
 * address typed, outside the rolled-back transaction. Config-level, since GraphQL calls only those.
 */
export const auditFailedLogin: AfterErrorHook = async ({ req }) => {
  const attempt = req?.context?.auditLoginAttempt
  if (!req || !attempt) return
  delete req.context.auditLoginAttempt
  await writeAuditEntry(
    req,
    {
      action: 'login-failed',
      collection: attempt.collection,
      actor: { type: 'anonymous', name: attempt.email.trim(), address: clientAddressOf(req) },
    },
    { outsideTransaction: true },
  )
}
