/**
 * In demo mode every visitor shares one account. Its password cannot change: an update that carries one (REST,
 * GraphQL, the admin form: all run Payload's update operation) succeeds with the password silently dropped, as the
 * contract says. For the same reason its e-mail and role are kept, it cannot be deleted, the reset-password flow
 * refuses it, and failed logins do not lock it: one visitor must not be able to lock the others out. The demo
 * reset itself passes (DEMO_RESET).
 */
import { APIError, type CollectionBeforeOperationHook, Forbidden, type PayloadRequest, type Where } from 'payload'

import { demoConfig } from './config'

async function demoUserId(req: PayloadRequest, email: string): Promise<number | null> {
  const { docs } = await req.payload.find({
    collection: 'users',
    where: { email: { equals: email } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return docs[0]?.id ?? null
}

/** Whether the operation's target (one id, or the documents a `where` selects) includes the demo user. */
async function targetsDemoUser(
  req: PayloadRequest,
  demoId: number,
  args: { id?: unknown; where?: Where },
): Promise<boolean> {
  if (args.id !== undefined) return String(args.id) === String(demoId)
  const where: Where = args.where ? { and: [args.where, { id: { equals: demoId } }] } : { id: { equals: demoId } }
  const { totalDocs } = await req.payload.count({ collection: 'users', where, overrideAccess: true, req })
  return totalDocs > 0
}

export const protectDemoUser: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  const config = demoConfig()
  if (!config.enabled || req.context?.demoReset) return args
  if (operation === 'login') {
    // The shared password is public, so failed logins prove nothing; counting them would let one visitor lock
    // the account for everyone. Each login of the demo account starts from no failures.
    const email = (args as { data?: { email?: unknown } }).data?.email
    if (typeof email === 'string' && email.trim().toLowerCase() === config.email) {
      await req.payload.db.updateOne({
        collection: 'users',
        where: { email: { equals: config.email } },
        data: { loginAttempts: 0, lockUntil: null },
        req,
      })
    }
    return args
  }
  if (operation === 'resetPassword') {
    const token = (args as { data?: { token?: unknown } }).data?.token
    const user =
      typeof token === 'string'
        ? await req.payload.db.findOne({ collection: 'users', where: { resetPasswordToken: { equals: token } }, req })
        : null
    if ((user as { email?: string } | null)?.email === config.email)
      throw new APIError('The demo account’s password cannot be changed.', 403, null, true)
    return args
  }
  const isUpdate = operation === 'update' || operation === 'updateByID'
  const isDelete = operation === 'delete' || operation === 'deleteByID'
  if (!isUpdate && !isDelete) return args
  const data = (args as { data?: Record<string, unknown> }).data
  if (isUpdate && !(data && ('password' in data || 'email' in data || 'role' in data))) return args
  const demoId = await demoUserId(req, config.email)
  if (demoId === null || !(await targetsDemoUser(req, demoId, args as { id?: unknown; where?: Where }))) return args
  if (isDelete) throw new Forbidden(req.t)
  // The form sends the fields it shows: the same e-mail and role are no change; anything else is dropped too.
  delete data!.password
  if (typeof data!.email === 'string' && data!.email.trim().toLowerCase() !== config.email) delete data!.email
  if (data!.role !== undefined && data!.role !== 'admin') delete data!.role
  return args
}
