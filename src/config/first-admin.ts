import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'

import { type Env, env } from './env'

/**
 * For scripts and containers: ADMIN_EMAIL with ADMIN_PASSWORD, ADMIN_API_KEY or both creates the first administrator
 * on a database that has no user yet. With a key and no password, the password is random: the key is what the
 * automation that set it uses, and the administrator can set a password from the admin area later. Once any user
 * exists they are ignored, so leaving them set cannot reset anything.
 */
export async function ensureFirstAdmin(payload: Payload, settings: Env = env()): Promise<void> {
  const email = settings.ADMIN_EMAIL
  const apiKey = settings.ADMIN_API_KEY
  const password = settings.ADMIN_PASSWORD ?? (apiKey && randomBytes(18).toString('base64url'))
  if (!password) return
  const { totalDocs } = await payload.count({ collection: 'users', overrideAccess: true })
  if (totalDocs > 0) return
  if (!email) {
    // Said, not refused: the service still starts, and the setup code (logged next) still makes the first account.
    const given = settings.ADMIN_PASSWORD ? 'ADMIN_PASSWORD' : 'ADMIN_API_KEY'
    payload.logger.warn(`${given} is set without ADMIN_EMAIL, so no administrator was made from it: set ADMIN_EMAIL.`)
    return
  }
  await payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { email, password, role: 'admin', name: 'Administrator', ...(apiKey && { enableAPIKey: true, apiKey }) },
  })
  payload.logger.info(
    `Created the first administrator ${email} from ADMIN_EMAIL${apiKey ? ', with ADMIN_API_KEY' : ''}.`,
  )
}
