import type { Payload } from 'payload'

import { type Env, env } from './env'

/**
 * For scripts and containers: ADMIN_EMAIL and ADMIN_PASSWORD create the first administrator on a database that has
 * no user yet. Once any user exists they are ignored, so leaving them set cannot reset anything.
 */
export async function ensureFirstAdmin(payload: Payload, settings: Env = env()): Promise<void> {
  const email = settings.ADMIN_EMAIL
  const password = settings.ADMIN_PASSWORD
  if (!email || !password) return
  const { totalDocs } = await payload.count({ collection: 'users', overrideAccess: true })
  if (totalDocs > 0) return
  await payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { email, password, role: 'admin', name: 'Administrator' },
  })
  payload.logger.info(`Created the first administrator ${email} from ADMIN_EMAIL.`)
}
