/**
 * A session issued by the service itself, as Payload's login issues one (a session row on the account, a JWT naming
 * it, the `payload-token` cookie), for the sign-ins that do not end in Payload's login operation: the second step of
 * a password sign-in (src/auth/second-factor/) and single sign-on (src/auth/operator-sso.ts). Sign-out and
 * expiry then work on it as on any other.
 */
import { getFieldsToSign, jwtSign, type PayloadRequest } from 'payload'
import { addSessionToUser, generatePayloadCookie } from 'payload/shared'

export interface IssuedSession {
  token: string
  /** Seconds since the epoch. */
  exp: number
  /** The Set-Cookie value. */
  cookie: string
  user: { id: number; email: string; role: string }
}

export async function issueSession(req: PayloadRequest, userId: number): Promise<IssuedSession> {
  const { payload } = req
  const collectionConfig = payload.collections.users.config
  const user = await payload.db.findOne<{ id: number } & Record<string, unknown>>({
    collection: 'users',
    where: { id: { equals: userId } },
    req,
  })
  if (!user) throw new Error(`account ${userId} is gone`)
  const { sid } = await addSessionToUser({ collectionConfig, payload, req, user: user as never })
  const fieldsToSign = getFieldsToSign({
    collectionConfig,
    email: String(user.email),
    user: { ...user, collection: 'users' } as never,
    ...(sid ? { sid } : {}),
  })
  const { token, exp } = await jwtSign({
    fieldsToSign,
    secret: payload.secret,
    tokenExpiration: collectionConfig.auth.tokenExpiration,
  })
  const cookie = generatePayloadCookie({
    collectionAuthConfig: collectionConfig.auth,
    cookiePrefix: payload.config.cookiePrefix,
    token,
  }) as string
  return { token, exp, cookie, user: { id: userId, email: String(user.email), role: String(user.role) } }
}
