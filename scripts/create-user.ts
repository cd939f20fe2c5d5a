/**
 * npm run create-user -- <email> [admin|editor] [password]
 * Creates a user with that role (editor by default) and prints its API key, for automation.
 */
import { getPayload } from 'payload'

import { createUserWithKey, UsageError } from '../src/cli/create-user'
import config from '../src/payload.config'

const [email, role, password] = process.argv.slice(2)
const payload = await getPayload({ config })
try {
  const user = await createUserWithKey(payload, { email, role, password })
  console.log(`Created ${user.role} ${user.email} (id ${user.id}).`)
  if (!password) console.log(`Password: ${user.password}`)
  console.log(`API key: ${user.apiKey}`)
  console.log(`Use it as the header: Authorization: users API-Key ${user.apiKey}`)
  process.exit(0)
} catch (error) {
  const message = error instanceof UsageError ? error.message : (error as Error).message
  console.error(`Could not create the user: ${message}`)
  console.error('Usage: npm run create-user -- <email> [admin|editor] [password]')
  process.exit(1)
}
